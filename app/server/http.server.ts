/** Error responses in the API's envelope, thrown by domain code and answered as they are. */
export function httpError(status: number, message: string, headers?: HeadersInit): Response {
  return Response.json({ message }, { status, headers });
}

export const badRequest = (message: string) => httpError(400, message);
export const unauthorized = (message = 'Not authorized') => httpError(401, message);
export const forbidden = (message = 'Forbidden') => httpError(403, message);
export const notFound = (message = 'Not found') => httpError(404, message);
