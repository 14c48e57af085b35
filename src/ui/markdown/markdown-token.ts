// The token type the renderer walks, without importing the parser itself (it is loaded later).
export type { Token } from 'markdown-it';
