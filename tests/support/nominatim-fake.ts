import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake received. */
interface NominatimRequest {
  /** performance.now() when it arrived. */
  at: number;
  path: string;
  params: URLSearchParams;
  headers: IncomingHttpHeaders;
}

/** What the fake does for one request: a place, nothing found, an error status, or no answer at all. */
type FakeAnswer = { lat: number; lng: number } | 'not_found' | { status: number } | 'hang';

export interface NominatimFake {
  /** Base URL, as GEOCODER_URL takes it. */
  url: string;
  requests: NominatimRequest[];
  /** Decides the answers from now on; by default every address is found at a position derived from it. */
  answerWith(answer: (params: URLSearchParams) => FakeAnswer): void;
  close(): Promise<void>;
}

/** A position in Freiburg that depends only on the text, so the same address is always at the same place. */
export function positionOf(text: string): { lat: number; lng: number } {
  let hash = 0;
  for (const ch of text) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return { lat: 47.98 + (hash % 1000) / 25_000, lng: 7.8 + ((hash >>> 10) % 1000) / 10_000 };
}

/** The address a structured search asks for, as one string: "9 Habsburgerstraße|79104|Freiburg". */
export const askedAddress = (params: URLSearchParams) =>
  [params.get('street') ?? params.get('q') ?? '', params.get('postalcode') ?? '', params.get('city') ?? ''].join('|');

/** Nominatim's jsonv2 place, with the fields a client may read. */
function place(lat: number, lng: number, params: URLSearchParams) {
  return {
    place_id: Math.floor(lat * lng * 1000),
    licence: 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright',
    osm_type: 'node',
    osm_id: 123456,
    lat: String(lat),
    lon: String(lng),
    category: 'place',
    type: 'house',
    place_rank: 30,
    importance: 0.00001,
    addresstype: 'place',
    name: '',
    display_name: `${params.get('street')}, ${params.get('postalcode')} ${params.get('city')}, Deutschland`,
    boundingbox: [String(lat - 0.0001), String(lat + 0.0001), String(lng - 0.0001), String(lng + 0.0001)],
  };
}

/**
 * A local HTTP server that answers `/search?format=jsonv2` as Nominatim does (a JSON array of places, lat and lon
 * as strings, `[]` when nothing is found) and records every request with its time and headers.
 */
export async function startNominatimFake(): Promise<NominatimFake> {
  const requests: NominatimRequest[] = [];
  let answer: (params: URLSearchParams) => FakeAnswer = (params) => positionOf(askedAddress(params));
  const hanging = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push({ at: performance.now(), path: url.pathname, params: url.searchParams, headers: req.headers });
    if (url.pathname !== '/search') {
      res.writeHead(404).end();
      return;
    }
    const result = answer(url.searchParams);
    if (result === 'hang') {
      hanging.add(res);
      return;
    }
    if (typeof result === 'object' && 'status' in result) {
      res.writeHead(result.status, { 'Content-Type': 'text/html' }).end('<html>error</html>');
      return;
    }
    const body = result === 'not_found' ? [] : [place(result.lat, result.lng, url.searchParams)];
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answerWith(fn) {
      answer = fn;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
