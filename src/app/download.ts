// Hands a file to the person as a browser download.

/** Downloads the bytes under the name (the object URL is revoked once the browser has it). */
export function download(file: { readonly name: string; readonly mime: string; readonly bytes: ArrayBuffer | string }): void {
  const url = URL.createObjectURL(new Blob([file.bytes], { type: file.mime }));
  const a = document.createElement('a');
  a.href = url;
  a.download = file.name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
