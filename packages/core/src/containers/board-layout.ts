/**
 * Flash facts of the micro:bit boards, for placing things in .hex and .uf2 files.
 *
 * - V1: nRF51822, 256 KiB flash in 1 KiB pages; the Bluetooth SoftDevice (S110) fills the first
 *   96 KiB, so applications start at 0x18000; MakeCode uses flash up to 242688 (0x3B400).
 * - V2: nRF52833, 512 KiB flash in 4 KiB pages; the SoftDevice (S113) ends at 0x1C000; MakeCode
 *   uses flash up to 471040 (0x73000).
 *
 * UF2 family ids come from the UF2 project's registry: NRF52833 is 0x621E937A. No family id is
 * registered for the nRF51, and the V1 interface chip does not take UF2 files, so UF2 is V2 only.
 */

export type BoardVersion = 'v1' | 'v2';

export interface BoardLayout {
  board: BoardVersion;
  mcu: string;
  flashSize: number;
  pageSize: number;
  /** First application address (after the SoftDevice). */
  programStart: number;
  /** End of the flash MakeCode programs may use. */
  usableFlashEnd: number;
  /** The board id of this board's section in a micro:bit Universal Hex. */
  universalHexBoardId: number;
  uf2FamilyId: number | null;
}

export const UF2_FAMILY_IDS = {
  nrf52: 0x1b57745f,
  nrf52833: 0x621e937a,
  nrf52840: 0xada52840,
} as const;

export const BOARD_LAYOUTS: Readonly<Record<BoardVersion, BoardLayout>> = {
  v1: {
    board: 'v1',
    mcu: 'nRF51822',
    flashSize: 256 * 1024,
    pageSize: 1024,
    programStart: 0x18000,
    usableFlashEnd: 242688,
    universalHexBoardId: 0x9900,
    uf2FamilyId: null,
  },
  v2: {
    board: 'v2',
    mcu: 'nRF52833',
    flashSize: 512 * 1024,
    pageSize: 4096,
    programStart: 0x1c000,
    usableFlashEnd: 471040,
    universalHexBoardId: 0x9903,
    uf2FamilyId: UF2_FAMILY_IDS.nrf52833,
  },
};

/** Spec 001 §9: default flash size, used as the room reserved for the program. */
export const DEFAULT_FLASH_SIZE = 131072;
