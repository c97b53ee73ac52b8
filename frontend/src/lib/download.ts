/** Saves a download response (CSV exports) under the server's file name, or `fallback`. */
export async function saveResponse(res: Response, fallback: string): Promise<{ fileName: string; bytes: number }> {
  const blob = await res.blob();
  const fileName = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallback;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return { fileName, bytes: blob.size };
}
