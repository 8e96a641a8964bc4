/** Images a member sends with a request (a withdrawal's proofs, an activity application's screenshots): png or jpg,
 * each under 5 MB, at most three (spec §5); read as data URLs for the JSON body. The server checks them again by
 * their bytes (``portal_kit.images``). */

export const MAX_IMAGES = 3;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export interface ImageFile {
  type: string;
  size: number;
}

/** What is wrong with a choice of images, or null. */
export function imagesProblem(files: readonly ImageFile[]): "tooMany" | "type" | null {
  if (files.length > MAX_IMAGES) return "tooMany";
  if (files.some((file) => !["image/png", "image/jpeg"].includes(file.type) || file.size >= MAX_IMAGE_BYTES)) return "type";
  return null;
}

export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("unreadable"));
    reader.readAsDataURL(file);
  });
}
