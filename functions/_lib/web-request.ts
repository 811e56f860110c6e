import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";

/**
 * The request's headers as a web `Headers`, with the cookies API Gateway (payload 2.0) moves into
 * `event.cookies` put back into one `Cookie` header, as better-auth reads them.
 */
export function requestHeaders(event: APIGatewayProxyEventV2): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(event.headers ?? {})) if (value !== undefined) headers.set(name, value);
  const cookies = [...(event.cookies ?? []), ...(headers.get("cookie") ? [headers.get("cookie")!] : [])];
  if (cookies.length) headers.set("cookie", cookies.join("; "));
  return headers;
}

/** True when the request carries any cookie (sessions are tried only then). */
export const hasCookies = (event: APIGatewayProxyEventV2) => Boolean(event.cookies?.length || event.headers?.cookie);

/**
 * The event as a web `Request`. `x-forwarded-for` is replaced by the gateway's source address, so a client
 * cannot pick the address its sign-in attempts are counted under (docs/auth.md, "Rate limits"). The host is the
 * domain the gateway received the request on, never the client's `Host` header: without a public URL, better-auth
 * builds mailed links from this URL (docs/auth.md, "Public URL").
 */
export function webRequest(event: APIGatewayProxyEventV2): Request {
  const headers = requestHeaders(event);
  headers.delete("x-forwarded-for");
  if (event.requestContext?.http?.sourceIp) headers.set("x-forwarded-for", event.requestContext.http.sourceIp);
  // API Gateway sends X-Forwarded-Proto; the local runtime serves plain HTTP. better-auth reads only the path.
  const scheme = headers.get("x-forwarded-proto") ?? "http";
  const host = event.requestContext?.domainName ?? headers.get("host") ?? "localhost";
  const url = `${scheme}://${host}${event.rawPath}${event.rawQueryString ? `?${event.rawQueryString}` : ""}`;
  const method = event.requestContext?.http?.method ?? "GET";
  const body =
    event.body === undefined || method === "GET" || method === "HEAD"
      ? undefined
      : event.isBase64Encoded
        ? Buffer.from(event.body, "base64")
        : event.body;
  return new Request(url, { method, headers, body });
}

/** A web `Response` as a payload-2.0 result: every `Set-Cookie` goes into `cookies`, as API Gateway expects. */
export async function lambdaResult(response: Response): Promise<APIGatewayProxyStructuredResultV2> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  const body = await response.text();
  return { statusCode: response.status, headers, ...(cookies.length ? { cookies } : {}), body };
}
