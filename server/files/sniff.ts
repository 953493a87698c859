/** What a file is, by its bytes, not by its name. */
export type FileType = 'png' | 'jpg' | 'gif' | 'pdf' | 'xlsx';

export const fileTypes = {
  png: { mime: 'image/png', extensions: ['.png'] },
  jpg: { mime: 'image/jpeg', extensions: ['.jpg', '.jpeg'] },
  gif: { mime: 'image/gif', extensions: ['.gif'] },
  pdf: { mime: 'application/pdf', extensions: ['.pdf'] },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extensions: ['.xlsx'] },
} as const satisfies Record<FileType, { mime: string; extensions: readonly string[] }>;

/** Which uploads a screen accepts (spec 5: banners png/jpg/gif, warning letters pdf, bulk invite xlsx). */
export const acceptGroups = {
  image: ['png', 'jpg', 'gif'],
  /** A person's photo (a developer's): PNG or JPEG. */
  photo: ['png', 'jpg'],
  pdf: ['pdf'],
  xlsx: ['xlsx'],
  /** A record's attachment (a leave request's, a loan's): served only through its record (./attachments.ts). */
  attachment: ['pdf', 'png', 'jpg'],
  any: ['png', 'jpg', 'gif', 'pdf', 'xlsx'],
} as const satisfies Record<string, readonly FileType[]>;
export type AcceptGroup = keyof typeof acceptGroups;

const startsWith = (head: Uint8Array, bytes: readonly number[]) => bytes.every((byte, i) => head[i] === byte);

/** The container type from the first bytes; a zip is only an xlsx once its entries say so (see zip.ts). */
export function sniff(head: Uint8Array): FileType | 'zip' | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(head, [0x47, 0x49, 0x46, 0x38]) && (head[4] === 0x37 || head[4] === 0x39) && head[5] === 0x61)
    return 'gif';
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return 'zip';
  return null;
}

export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot < 0 ? '' : filename.slice(dot).toLowerCase();
}
