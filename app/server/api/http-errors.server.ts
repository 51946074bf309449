/** Error responses in the API's envelope, thrown by domain code and answered as they are. */
export function httpError(status: number, message: string, headers?: HeadersInit): Response {
  return Response.json({ message }, { status, headers });
}

export const badRequest = (message: string) => httpError(400, message);
export const unauthorized = (message = 'Not authorized') => httpError(401, message);
export const forbidden = (message = 'Forbidden') => httpError(403, message);
export const notFound = (message = 'Not found') => httpError(404, message);

/** 413, naming the limit in the unit people think in (and the variable that sets it). */
export function payloadTooLarge(limitBytes: number): Response {
  const mib = limitBytes / (1024 * 1024);
  const size = mib >= 1 ? `${Number(mib.toFixed(1))} MiB` : `${Math.ceil(limitBytes / 1024)} KiB`;
  return httpError(413, `The request body is larger than ${size}, the most this server takes (REQUEST_BODY_MAX_BYTES).`);
}
