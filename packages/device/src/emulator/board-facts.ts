// The hardware facts of the two emulated boards: the nRF chip under the debugger and the
// interface chip (DAPLink) in front of it. Flash timings are the nRF product specifications'
// typical values (nRF51822: page erase about 21 ms; nRF52833: about 85 ms; a word about 41 µs).

export type BoardVariant = 'v1' | 'v2';

export interface EmulatedBoardFacts {
  variant: BoardVariant;
  /** DAPLink's board id, the first four characters of the unique id (9904 is a V2.2 board). */
  boardId: string;
  /** The DAPLink family id, characters 5-8 of the unique id. */
  familyId: string;
  /** DAPLink's interface firmware version, reported by DAP_Info. */
  daplinkVersion: string;
  flashSize: number;
  pageSize: number;
  ramStart: number;
  ramSize: number;
  cpuHz: number;
  pageEraseMs: number;
  wordWriteUs: number;
  /** CMSIS-DAP v2 (bulk endpoints, V2) or v1 over control transfers (V1: no endpoints). */
  bulk: boolean;
  /** The DP's IDCODE and the AHB-AP's IDR. */
  dpidr: number;
  ahbApIdr: number;
  cpuid: number;
  /** Where the application area starts (after the SoftDevice) and the DAL/CODAL scratch page. */
  applicationStart: number;
  scratchPage: number;
  /** UART ring buffer size in DAPLink. */
  uartBufferSize: number;
}

export const EMULATED_BOARD_FACTS: Readonly<Record<BoardVariant, EmulatedBoardFacts>> = {
  v1: {
    variant: 'v1',
    boardId: '9900',
    familyId: '9900',
    daplinkVersion: '0254',
    flashSize: 256 * 1024,
    pageSize: 1024,
    ramStart: 0x20000000,
    ramSize: 16 * 1024,
    cpuHz: 16_000_000,
    pageEraseMs: 21,
    wordWriteUs: 41,
    bulk: false,
    dpidr: 0x0bb11477,
    ahbApIdr: 0x04770021,
    cpuid: 0x410cc200,
    applicationStart: 0x18000,
    scratchPage: 0x3b400,
    uartBufferSize: 512,
  },
  v2: {
    variant: 'v2',
    boardId: '9904',
    familyId: '9906',
    daplinkVersion: '0255',
    flashSize: 512 * 1024,
    pageSize: 4096,
    ramStart: 0x20000000,
    ramSize: 128 * 1024,
    cpuHz: 64_000_000,
    pageEraseMs: 85,
    wordWriteUs: 41,
    bulk: true,
    dpidr: 0x2ba01477,
    ahbApIdr: 0x24770011,
    cpuid: 0x410fc241,
    applicationStart: 0x1c000,
    scratchPage: 0x73000,
    uartBufferSize: 512,
  },
};
