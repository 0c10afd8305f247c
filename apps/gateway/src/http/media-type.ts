/**
 * The one media-type rule of every route that reads a body: the media type is the `Content-Type` before its
 * first `;`, trimmed and lower-cased (parameters such as `charset` are allowed); a JSON body is
 * `application/json` or `application/<suffix>+json`, nothing else (`application/json, application/json`, a list,
 * is not one media type: 415). The same rule as Hono's validator (the batch routes), so every JSON route agrees.
 */
const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/;

/** The media type of a `Content-Type` header value (`''` when there is none). */
export function mediaTypeOf(contentType: string | null | undefined): string {
  if (!contentType) return '';
  const semi = contentType.indexOf(';');
  return (semi === -1 ? contentType : contentType.slice(0, semi)).trim().toLowerCase();
}

/** Is this `Content-Type` a JSON body? */
export function isJsonContentType(contentType: string | null | undefined): boolean {
  return JSON_MEDIA_TYPE.test(mediaTypeOf(contentType));
}
