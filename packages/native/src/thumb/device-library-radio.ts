// The device library's radio: stand-ins for the firmware's raw packet functions and the radio
// API over them, in MakeCode's packet layout (device-library.ts puts it into the library).

const RADIO_PAYLOAD_BYTES = 32;
export const RADIO_PACKET_BYTES = RADIO_PAYLOAD_BYTES + 4;

export const RADIO_LIBRARY_SOURCE = `// Stand-ins for firmware functions only the library calls (MakeCode's "internal use" radio
// shims): the back end calls radio::readRawPacket etc. instead (api-bindings.ts).
namespace __firmware_radio {
  export function readRawPacket(): Buffer {
    return undefined
  }
  export function sendRawPacket(msg: Buffer): void {}
  export function onDataReceived(body: () => void): void {}
}
// Radio packets in MakeCode's layout, so a program on the device talks to micro:bits running
// MakeCode's programs: [0] type, [1..4] sender's time (Int32LE), [5..8] sender's serial, then the
// payload from byte 9. A packet is ${RADIO_PACKET_BYTES} bytes: ${RADIO_PAYLOAD_BYTES} on air, then room for the RSSI
// that readRawPacket appends (sendRawPacket leaves the last 4 bytes off).
namespace __device_radio {
  let initialized = false
  let transmitSerial = false
  let lastPacket: Buffer | undefined = undefined
  let numberHandler: ((receivedNumber: number) => void) | undefined = undefined
  let valueHandler: ((name: string, value: number) => void) | undefined = undefined
  let stringHandler: ((receivedString: string) => void) | undefined = undefined
  let bufferHandler: ((receivedBuffer: Buffer) => void) | undefined = undefined

  function newPacket(type: number): Buffer {
    let data = control.createBuffer(${RADIO_PACKET_BYTES})
    data.setUint8(0, type)
    return data
  }
  // The longest start of text whose UTF-8 fits in max bytes.
  function fitText(text: string, max: number): string {
    let fitted = text.substr(0, max)
    while (control.createBufferFromUTF8(fitted).length > max) fitted = fitted.substr(0, fitted.length - 1)
    return fitted
  }
  function putText(data: Buffer, offset: number, text: string, max: number): void {
    let bytes = control.createBufferFromUTF8(fitText(text, max))
    data.setUint8(offset, bytes.length)
    data.write(offset + 1, bytes)
  }
  function isInt32(value: number): boolean {
    return value === (value | 0)
  }
  export function numberPacket(value: number): Buffer {
    let data = newPacket(isInt32(value) ? 0 : 4)
    data.setNumber(isInt32(value) ? NumberFormat.Int32LE : NumberFormat.Float64LE, 9, value)
    return data
  }
  export function valuePacket(name: string, value: number): Buffer {
    let data = newPacket(isInt32(value) ? 1 : 5)
    data.setNumber(isInt32(value) ? NumberFormat.Int32LE : NumberFormat.Float64LE, 9, value)
    putText(data, isInt32(value) ? 13 : 17, name ? name : "", 8)
    return data
  }
  export function stringPacket(text: string): Buffer {
    let data = newPacket(2)
    putText(data, 9, text ? text : "", 19)
    return data
  }
  export function bufferPacket(bytes: Buffer): Buffer {
    let data = newPacket(3)
    let length = Math.min(bytes.length, 19)
    data.setUint8(9, length)
    data.write(10, bytes.slice(0, length))
    return data
  }
  export function packetNumber(data: Buffer): number {
    let type = data.getUint8(0)
    if (type == 0 || type == 1) return data.getNumber(NumberFormat.Int32LE, 9)
    if (type == 4 || type == 5) return data.getNumber(NumberFormat.Float64LE, 9)
    return 0
  }
  export function packetText(data: Buffer): string {
    let type = data.getUint8(0)
    let offset = type == 2 ? 9 : type == 1 ? 13 : type == 5 ? 17 : 0
    if (offset == 0) return ""
    return data.slice(offset + 1, Math.min(data.getUint8(offset), ${RADIO_PAYLOAD_BYTES} - 1 - offset)).toString()
  }
  export function packetBuffer(data: Buffer): Buffer {
    if (data.getUint8(0) != 3) return control.createBuffer(0)
    return data.slice(10, Math.min(data.getUint8(9), 19))
  }
  function send(data: Buffer): void {
    data.setNumber(NumberFormat.Int32LE, 1, control.millis())
    data.setNumber(NumberFormat.Int32LE, 5, transmitSerial ? control.deviceSerialNumber() : 0)
    __firmware_radio.sendRawPacket(data)
  }
  export function sendNumber(value: number): void {
    send(numberPacket(value))
  }
  export function sendValue(name: string, value: number): void {
    send(valuePacket(name, value))
  }
  export function sendString(text: string): void {
    send(stringPacket(text))
  }
  export function sendBuffer(bytes: Buffer): void {
    send(bufferPacket(bytes))
  }
  export function setTransmitSerialNumber(transmit: boolean): void {
    transmitSerial = transmit
  }
  // The one datagram handler: every waiting packet goes to the handler of its kind.
  function received(): void {
    let data = __firmware_radio.readRawPacket()
    while (data) {
      lastPacket = data
      let type = data.getUint8(0)
      if (type == 0 || type == 4) {
        if (numberHandler) numberHandler(packetNumber(data))
      } else if (type == 1 || type == 5) {
        if (valueHandler) valueHandler(packetText(data), packetNumber(data))
      } else if (type == 2) {
        if (stringHandler) stringHandler(packetText(data))
      } else if (type == 3) {
        if (bufferHandler) bufferHandler(packetBuffer(data))
      }
      data = __firmware_radio.readRawPacket()
    }
  }
  function listen(): void {
    if (initialized) return
    initialized = true
    __firmware_radio.onDataReceived(received)
  }
  export function onReceivedNumber(cb: (receivedNumber: number) => void): void {
    listen()
    numberHandler = cb
  }
  export function onReceivedValue(cb: (name: string, value: number) => void): void {
    listen()
    valueHandler = cb
  }
  export function onReceivedString(cb: (receivedString: string) => void): void {
    listen()
    stringHandler = cb
  }
  export function onReceivedBuffer(cb: (receivedBuffer: Buffer) => void): void {
    listen()
    bufferHandler = cb
  }
  export function receivedPacket(type: number): number {
    if (!lastPacket) return 0
    if (type == RadioPacketProperty.Time) return lastPacket.getNumber(NumberFormat.Int32LE, 1)
    if (type == RadioPacketProperty.SerialNumber) return lastPacket.getNumber(NumberFormat.Int32LE, 5)
    if (type == RadioPacketProperty.SignalStrength) return lastPacket.getNumber(NumberFormat.Int32LE, lastPacket.length - 4)
    return 0
  }
  export function _packetProperty(type: number): number {
    return type
  }
  // The old names: packets wait in the firmware's queue until the program takes one (the last
  // one taken is lastPacket, none when the queue was empty).
  function take(): void {
    lastPacket = __firmware_radio.readRawPacket()
  }
  export function receiveNumber(): number {
    take()
    return receivedNumber()
  }
  export function receiveString(): string {
    take()
    return receivedString()
  }
  export function receivedNumber(): number {
    return lastPacket ? packetNumber(lastPacket) : 0
  }
  export function receivedString(): string {
    return lastPacket ? packetText(lastPacket) : ""
  }
  export function receivedBuffer(): Buffer {
    return lastPacket ? packetBuffer(lastPacket) : control.createBuffer(0)
  }
  export function receivedTime(): number {
    return receivedPacket(RadioPacketProperty.Time)
  }
  export function receivedSerial(): number {
    return receivedPacket(RadioPacketProperty.SerialNumber)
  }
  export function receivedSignalStrength(): number {
    return receivedPacket(RadioPacketProperty.SignalStrength)
  }
  // A radio.Packet is the packet's bytes; its properties read them.
  export function packetTime(data: Buffer): number {
    return data.getNumber(NumberFormat.Int32LE, 1)
  }
  export function packetSerial(data: Buffer): number {
    return data.getNumber(NumberFormat.Int32LE, 5)
  }
  export function packetSignal(data: Buffer): number {
    return data.getNumber(NumberFormat.Int32LE, data.length - 4)
  }
  export function onDataPacketReceived(cb: (packet: Buffer) => void): void {
    if (!cb) return
    __firmware_radio.onDataReceived(function () {
      take()
      // No packet waiting: one of zeros (number 0, no text, time, serial and signal 0).
      cb(lastPacket ? lastPacket : control.createBuffer(${RADIO_PACKET_BYTES}))
    })
  }
  // The simulator's JSON line: {"t":time,"s":serial,"n":"text","b":"bytes","v":number}.
  export function packetJson(data: Buffer): string {
    let type = data.getUint8(0)
    let json = '{"t":' + packetTime(data) + ',"s":' + packetSerial(data)
    if (type == 1 || type == 2 || type == 5) json = json + ',"n":"' + packetText(data) + '"'
    if (type == 3) json = json + ',"b":"' + packetBuffer(data).toString() + '"'
    if (type == 0 || type == 1 || type == 4 || type == 5) json = json + ',"v":' + packetNumber(data)
    return json + "}\\r\\n"
  }
  export function writeValueToSerial(): void {
    take()
    if (lastPacket) __device_serial.writeString(packetJson(lastPacket))
  }
  export function writeReceivedPacketToSerial(): void {
    if (lastPacket) __device_serial.writeString(packetJson(lastPacket))
  }
  // Messages are radio events from source 2000 (MakeCode's broadcast id), value msg + 1 (0 would
  // mean "any value"), as in the simulator.
  export function sendMessage(msg: number): void {
    radio.raiseEvent(2000, msg + 1)
  }
  export function onReceivedMessage(msg: number, handler: () => void): void {
    control.onEvent(2000, msg + 1, handler)
  }
  export function __message(msg: number): number {
    return msg
  }
}
`;

export const RADIO_LIBRARY_ENTRIES: readonly string[] = [
  'radio.sendNumber',
  'radio.sendValue',
  'radio.sendString',
  'radio.sendBuffer',
  'radio.setTransmitSerialNumber',
  'radio.onReceivedNumber',
  'radio.onReceivedValue',
  'radio.onReceivedString',
  'radio.onReceivedBuffer',
  'radio.onReceivedNumberDeprecated:onReceivedNumber',
  'radio.onReceivedValueDeprecated:onReceivedValue',
  'radio.onReceivedStringDeprecated:onReceivedString',
  'radio.onReceivedBufferDeprecated:onReceivedBuffer',
  'radio.receivedPacket',
  'radio._packetProperty',
  'radio.receiveNumber',
  'radio.receiveString',
  'radio.receivedNumber',
  'radio.receivedString',
  'radio.receivedBuffer',
  'radio.receivedTime',
  'radio.receivedSerial',
  'radio.receivedSignalStrength',
  'radio.onDataPacketReceived',
  'radio.writeValueToSerial',
  'radio.writeReceivedPacketToSerial',
  'radio.sendMessage',
  'radio.onReceivedMessage',
  'radio.__message',
  'radio.Packet.receivedNumber:packetNumber',
  'radio.Packet.receivedString:packetText',
  'radio.Packet.receivedBuffer:packetBuffer',
  'radio.Packet.time:packetTime',
  'radio.Packet.serial:packetSerial',
  'radio.Packet.signal:packetSignal',
];
