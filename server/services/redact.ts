// Secrets never go to the logs. E-mailed links carry reset and verification tokens in
// `?token=`; access-log lines carry the URL of every request (pages, `.data` requests and
// the API) and the outbox line carries the links of each message. Every such URL passes
// through redactUrl: a query parameter whose name contains "token" keeps its name and loses
// its value, also when the URL sits, encoded, inside another parameter (a return address).
// (No route has a token in its path; they would need handling here if one ever did.)

export const REDACTED = '[redacted]';

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

function redactParam(param: string): string {
  const equals = param.indexOf('=');
  const name = equals === -1 ? param : param.slice(0, equals);
  if (/token/i.test(decode(name))) return equals === -1 ? param : `${name}=${REDACTED}`;
  if (equals === -1) return param;
  const value = decode(param.slice(equals + 1));
  // A URL carried inside a parameter, with a token of its own.
  if (/token/i.test(value) && value.includes('?')) return `${name}=${encodeURIComponent(redactUrl(value))}`;
  return param;
}

/** The URL (absolute or path + query) with every token parameter's value replaced. */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query === -1) return url;
  const hash = url.indexOf('#', query);
  const end = hash === -1 ? url.length : hash;
  const params = url.slice(query + 1, end).split('&').map(redactParam).join('&');
  return `${url.slice(0, query + 1)}${params}${url.slice(end)}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's own request serializer, with the URL redacted. */
export const logSerializers = {
  req(request: LoggedRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};
