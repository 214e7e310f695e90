import { writeU16 } from '../binary/bytes.ts';
import { sha256Bytes } from '../binary/sha256.ts';
import { HEADER_OFFSETS, PROGRAM_HASH_PLACEHOLDER } from './program-header.ts';

/**
 * The program hash, exactly as MakeCode computes it (checked against its builds): SHA-256 over
 * the program bytes (header with the placeholder hash, size 0 and comm size 0, then the code,
 * unpadded) after each byte is UTF-8 encoded as if it were the character of that code (pxt
 * hashes a string of byte-valued characters), so bytes 0x80-0xFF count as two bytes. The first
 * four bytes of the digest are stored as four little-endian 16-bit words (b0 00 b1 00 b2 00 b3 00).
 */
export function computeProgramHash(program: Uint8Array): Uint8Array {
  let extra = 0;
  for (const byte of program) if (byte >= 0x80) extra++;
  const encoded = new Uint8Array(program.length + extra);
  let j = 0;
  for (const byte of program) {
    if (byte < 0x80) encoded[j++] = byte;
    else {
      encoded[j++] = 0xc0 | (byte >> 6);
      encoded[j++] = 0x80 | (byte & 0x3f);
    }
  }
  return sha256Bytes(encoded).subarray(0, 4);
}

/** Fills in the program hash and the size fields of a program whose header holds the placeholder. */
export function sealProgram(program: Uint8Array): Uint8Array {
  for (let i = 0; i < PROGRAM_HASH_PLACEHOLDER.length; i++) {
    if (program[HEADER_OFFSETS.programHash + i] !== PROGRAM_HASH_PLACEHOLDER[i]) {
      throw new Error('the program header does not hold the hash placeholder');
    }
  }
  const digest = computeProgramHash(program);
  for (let i = 0; i < 4; i++) writeU16(program, HEADER_OFFSETS.programHash + 2 * i, digest[i]!);
  writeU16(program, HEADER_OFFSETS.size, Math.ceil(program.length / 8));
  return digest;
}
