// The part of WebUSB (navigator.usb and USBDevice) that Blockyard uses, as structural types: the
// browser's own objects fit them, and so does the emulated board (emulator/emulated-usb.ts).
// TypeScript's DOM library has no WebUSB types, and defining the subset keeps the device code
// free of DOM globals: the composition root hands `navigator.usb` in.

type UsbDirection = 'in' | 'out';
type UsbTransferStatus = 'ok' | 'stall' | 'babble';

export interface UsbEndpointLike {
  readonly endpointNumber: number;
  readonly direction: UsbDirection;
  readonly type: 'bulk' | 'interrupt' | 'isochronous';
  readonly packetSize: number;
}

interface UsbAlternateLike {
  readonly alternateSetting: number;
  readonly interfaceClass: number;
  readonly interfaceSubclass: number;
  readonly interfaceProtocol: number;
  readonly interfaceName?: string | null | undefined;
  readonly endpoints: readonly UsbEndpointLike[];
}

export interface UsbInterfaceLike {
  readonly interfaceNumber: number;
  readonly alternate: UsbAlternateLike;
  readonly alternates: readonly UsbAlternateLike[];
  readonly claimed: boolean;
}

export interface UsbConfigurationLike {
  readonly configurationValue: number;
  readonly configurationName?: string | null | undefined;
  readonly interfaces: readonly UsbInterfaceLike[];
}

export interface UsbInResult {
  readonly data?: DataView | undefined;
  readonly status: UsbTransferStatus;
}

export interface UsbOutResult {
  readonly bytesWritten: number;
  readonly status: UsbTransferStatus;
}

export interface UsbControlSetup {
  requestType: 'standard' | 'class' | 'vendor';
  recipient: 'device' | 'interface' | 'endpoint' | 'other';
  request: number;
  value: number;
  index: number;
}

export interface UsbDeviceLike {
  readonly vendorId: number;
  readonly productId: number;
  readonly productName?: string | undefined;
  readonly manufacturerName?: string | undefined;
  readonly serialNumber?: string | undefined;
  readonly opened: boolean;
  readonly configuration: UsbConfigurationLike | null | undefined;
  readonly configurations: readonly UsbConfigurationLike[];
  open(): Promise<void>;
  close(): Promise<void>;
  selectConfiguration(value: number): Promise<void>;
  claimInterface(interfaceNumber: number): Promise<void>;
  releaseInterface(interfaceNumber: number): Promise<void>;
  transferIn(endpointNumber: number, length: number): Promise<UsbInResult>;
  transferOut(endpointNumber: number, data: Uint8Array<ArrayBuffer>): Promise<UsbOutResult>;
  controlTransferIn(setup: UsbControlSetup, length: number): Promise<UsbInResult>;
  controlTransferOut(setup: UsbControlSetup, data?: Uint8Array<ArrayBuffer>): Promise<UsbOutResult>;
  forget?(): Promise<void>;
}

export interface UsbDeviceFilter {
  vendorId?: number;
  productId?: number;
  classCode?: number;
  subclassCode?: number;
  protocolCode?: number;
  serialNumber?: string;
}

interface UsbConnectionEventLike {
  readonly device: UsbDeviceLike;
}

export type UsbConnectionListener = (event: UsbConnectionEventLike) => void;

/** `navigator.usb`. */
export interface UsbLike {
  getDevices(): Promise<UsbDeviceLike[]>;
  requestDevice(options: { filters: UsbDeviceFilter[]; exclusionFilters?: UsbDeviceFilter[] }): Promise<UsbDeviceLike>;
  addEventListener(type: 'connect' | 'disconnect', listener: UsbConnectionListener): void;
  removeEventListener(type: 'connect' | 'disconnect', listener: UsbConnectionListener): void;
}

/** The micro:bit's interface chip (NXP/Arm DAPLink): what the chooser offers. */
export const MICROBIT_USB_FILTERS: readonly UsbDeviceFilter[] = [{ vendorId: 0x0d28, productId: 0x0204 }];
