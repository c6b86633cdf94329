/**
 * A guest's page action (a booking, a takeaway order, a cancel button) reads
 * a plain form post. The server reads a page's body only here (the API's
 * size limit does not cover pages), so a form is read up to a size no
 * guest's form comes near.
 */
const FORM_BYTES_MAX = 16 * 1024;

/** A posted form of at most `maxBytes`, or null for anything else (another type, too big, malformed). */
export async function readSmallForm(
  request: Request,
  maxBytes = FORM_BYTES_MAX,
): Promise<FormData | null> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type)) return null;
  if (Number(request.headers.get('content-length') ?? 0) > maxBytes) return null;
  if (!request.body) return new FormData();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        return null;
      }
      chunks.push(value);
    }
    const body = new Uint8Array(size);
    let at = 0;
    for (const chunk of chunks) {
      body.set(chunk, at);
      at += chunk.byteLength;
    }
    return await new Response(body, { headers: { 'content-type': type } }).formData();
  } catch {
    return null;
  }
}
