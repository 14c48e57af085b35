// Resources and prompts of one server, listed and read in the shapes the UI shows.
import type { GetPromptResult, PromptMessage, ReadResourceResult } from '@modelcontextprotocol/client';
import type { ImageBlock, TextBlock } from '../../engine/message/message';
import type {
  McpPromptInfo,
  McpPromptListing,
  McpPromptMessages,
  McpResourceContent,
  McpResourceInfo,
  McpResourceListing,
  McpResourceTemplateInfo,
} from '../../protocol/mcp-feature-messages';
import { listAllPages } from './list-all-pages';
import type { ListingCache, ListingIdentity } from './listing-cache';
import type { Client } from '../sdk/mcp-sdk-client';
import { isDeadSessionError } from '../sdk/sdk-errors';

/** Browsing a server; every method lists all pages. Throws when the server lacks the capability. */
export interface McpBrowser {
  /** Resources and templates; `fresh` drops kept copies of both listings first (the person's Refresh). */
  listResources(options?: { fresh?: boolean }): Promise<McpResourceListing>;
  readResource(uri: string): Promise<McpResourceContent[]>;
  /** Prompts; `fresh` drops a kept copy first. */
  listPrompts(options?: { fresh?: boolean }): Promise<McpPromptListing>;
  getPrompt(name: string, args: Record<string, string>): Promise<McpPromptMessages>;
}

type WithSession = <T>(request: (client: Client) => Promise<T>) => Promise<T>;

const optional = <K extends string>(key: K, value: string | undefined) =>
  (value === undefined ? {} : { [key]: value }) as Partial<Record<K, string>>;

/** Text and image blocks of one prompt message; a resource becomes text, anything else a short note. */
export function convertPromptContent(content: PromptMessage['content']): TextBlock | ImageBlock {
  switch (content.type) {
    case 'text':
      return { type: 'text', text: content.text };
    case 'image':
      return { type: 'image', source: { type: 'base64', media_type: content.mimeType, data: content.data } };
    case 'resource':
      return 'text' in content.resource
        ? { type: 'text', text: content.resource.text }
        : { type: 'text', text: `[binary resource ${content.resource.uri}]` };
    case 'resource_link':
      return { type: 'text', text: `[resource ${content.name}: ${content.uri}]` };
    case 'audio':
      return { type: 'text', text: `[audio (${content.mimeType}) left out]` };
  }
}

function convertPrompt(result: GetPromptResult): McpPromptMessages {
  return {
    ...optional('description', result.description),
    messages: result.messages.map((message) => ({
      role: message.role,
      content: [convertPromptContent(message.content)],
    })),
  };
}

function convertContents(result: ReadResourceResult): McpResourceContent[] {
  return result.contents.map((part) =>
    'text' in part && typeof part.text === 'string'
      ? { uri: part.uri, ...optional('mimeType', part.mimeType), text: part.text }
      : {
          uri: part.uri,
          ...optional('mimeType', part.mimeType),
          blob: 'blob' in part && typeof part.blob === 'string' ? part.blob : '',
        },
  );
}

/**
 * A browser over whichever session `withSession` runs the request on (it re-initialises dead sessions). Resource
 * and prompt listings are served from `listings.cache` while their 2026-07-28 `ttlMs` lasts.
 */
export function createMcpBrowser(
  withSession: WithSession,
  timeout: number,
  listings: { cache: ListingCache; identity: ListingIdentity },
): McpBrowser {
  const { cache, identity } = listings;
  const listTemplates = async (client: Client, fresh: boolean) => {
    try {
      return await cache.serve(
        identity,
        'resources/templates/list',
        () =>
          listAllPages('resource templates', async (cursor) => {
            const page = await client.request(
              { method: 'resources/templates/list', params: cursor === undefined ? {} : { cursor } },
              { timeout },
            );
            return { ...page, items: page.resourceTemplates };
          }),
        { fresh },
      );
    } catch (error) {
      // Templates are optional for a server that lists resources; a dead session is still the caller's to handle.
      if (isDeadSessionError(error)) throw error;
      return { listing: { items: [] }, freshness: { fromCache: false } };
    }
  };
  return {
    async listResources(options = {}) {
      const fresh = options.fresh === true;
      return withSession(async (client) => {
        // Bounded like tools/list: a server that always pages on cannot hang the browser.
        const served = await cache.serve(
          identity,
          'resources/list',
          () =>
            listAllPages('resources', async (cursor) => {
              const page = await client.request(
                { method: 'resources/list', params: cursor === undefined ? {} : { cursor } },
                { timeout },
              );
              return { ...page, items: page.resources };
            }),
          { fresh },
        );
        const templates = await listTemplates(client, fresh);
        const resources: McpResourceInfo[] = served.listing.items.map((item) => ({
          uri: item.uri,
          name: item.name,
          ...optional('title', item.title),
          ...optional('description', item.description),
          ...optional('mimeType', item.mimeType),
        }));
        const notices = [served.listing.notice, templates.listing.notice].filter((notice) => notice !== undefined);
        return {
          resources,
          templates: templates.listing.items.map((item): McpResourceTemplateInfo => ({
            uriTemplate: item.uriTemplate,
            name: item.name,
            ...optional('title', item.title),
            ...optional('description', item.description),
            ...optional('mimeType', item.mimeType),
          })),
          freshness: { resources: served.freshness, templates: templates.freshness },
          ...(notices.length === 0 ? {} : { notice: notices.join(' ') }),
        };
      });
    },
    readResource: (uri) =>
      withSession(async (client) => convertContents(await client.readResource({ uri }, { timeout }))),
    listPrompts(options = {}) {
      return withSession(async (client) => {
        const { listing, freshness } = await cache.serve(
          identity,
          'prompts/list',
          () =>
            listAllPages('prompts', async (cursor) => {
              const page = await client.request(
                { method: 'prompts/list', params: cursor === undefined ? {} : { cursor } },
                { timeout },
              );
              return { ...page, items: page.prompts };
            }),
          { fresh: options.fresh === true },
        );
        const prompts: McpPromptInfo[] = listing.items.map((item) => ({
          name: item.name,
          ...optional('title', item.title),
          ...optional('description', item.description),
          ...(item.arguments === undefined
            ? {}
            : {
                arguments: item.arguments.map((argument) => ({
                  name: argument.name,
                  ...optional('description', argument.description),
                  ...(argument.required === undefined ? {} : { required: argument.required }),
                })),
              }),
        }));
        return { prompts, freshness, ...(listing.notice === undefined ? {} : { notice: listing.notice }) };
      });
    },
    getPrompt: (name, args) =>
      withSession(async (client) => convertPrompt(await client.getPrompt({ name, arguments: args }, { timeout }))),
  };
}
