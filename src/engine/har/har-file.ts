// Pure types: the parts of HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/) Loupe writes.

export interface HarHeader {
  name: string;
  value: string;
}

export interface HarRequest {
  method: string;
  url: string;
  httpVersion: string;
  cookies: [];
  headers: HarHeader[];
  queryString: HarHeader[];
  postData?: { mimeType: string; text: string };
  headersSize: -1;
  bodySize: number;
}

export interface HarResponse {
  status: number;
  statusText: string;
  httpVersion: string;
  cookies: [];
  headers: HarHeader[];
  content: { size: number; mimeType: string; text?: string };
  redirectURL: '';
  headersSize: -1;
  bodySize: number;
}

export interface HarEntry {
  startedDateTime: string;
  time: number;
  request: HarRequest;
  response: HarResponse;
  cache: Record<string, never>;
  timings: { send: number; wait: number; receive: number };
  comment?: string;
}

export interface HarFile {
  log: {
    version: '1.2';
    creator: { name: string; version: string };
    entries: HarEntry[];
    comment?: string;
  };
}
