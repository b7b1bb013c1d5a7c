// autocannon 9 ships no types: the part of its API the load benchmark uses.
declare module 'autocannon' {
  namespace autocannon {
    interface Request {
      method: string;
      path: string;
      headers: Record<string, string>;
      body?: string;
      setupRequest?: (request: Request) => Request;
    }
    interface Result {
      duration: number;
      errors: number;
      timeouts: number;
      non2xx: number;
      '2xx': number;
      latency: { p99: number };
      requests: { sent: number };
      statusCodeStats: Record<string, { count: number }>;
    }
    /** A running load: awaited for its result, stopped early with `stop`. */
    type Instance = PromiseLike<Result> & { stop(): void };
  }
  function autocannon(options: {
    url: string;
    connections: number;
    duration: number;
    requests: autocannon.Request[];
  }): autocannon.Instance;
  export default autocannon;
}
