/** Reads a PNG's signature and IHDR chunk without decoding the image. */
export interface PngHeader {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function readPngHeader(png: Buffer): PngHeader {
  if (png.length < 33 || SIGNATURE.some((byte, index) => png[index] !== byte)) throw new Error('not a PNG');
  if (png.toString('latin1', 12, 16) !== 'IHDR') throw new Error('the first chunk is not IHDR');
  return {
    width: png.readUInt32BE(16),
    height: png.readUInt32BE(20),
    bitDepth: png.readUInt8(24),
    colorType: png.readUInt8(25),
  };
}
