// The `radio` namespace: numbers, strings, name/value pairs and buffers between micro:bits on the
// same group. Names, signatures, enum values and block annotations follow MakeCode's micro:bit
// API; the runtime side is src/api/radio.ts.

/**
 * What `radio.receivedPacket` tells about the last packet received.
 */
declare const enum RadioPacketProperty {
  //% blockIdentity=radio._packetProperty
  //% block="signal strength"
  SignalStrength = 2,
  //% blockIdentity=radio._packetProperty
  //% block="time"
  Time = 0,
  //% block="serial number"
  //% blockIdentity=radio._packetProperty
  SerialNumber = 1,
}

/**
 * Send and receive numbers and text between micro:bits by radio.
 */
//% color=#E3008C weight=96 icon="\uf012"
//% groups='["Group", "Broadcast", "Send", "Receive"]'
declare namespace radio {
  /**
   * Everything a received packet carried (for `radio.onDataPacketReceived`).
   */
  class Packet {
    /** The number sent (sendNumber, sendValue), or 0. */
    receivedNumber: number;
    /** The text sent (sendString, or sendValue's name), or "". */
    receivedString: string;
    /** The bytes sent (sendBuffer), or an empty buffer. */
    receivedBuffer: Buffer;
    /** The sender's running time when it sent the packet, in ms. */
    time: number;
    /** The sender's serial number, or 0 if it does not send it. */
    serial: number;
    /** How strong the signal was, from -128 (weak) to -42 (strong). */
    signal: number;
  }

  /**
   * Broadcasts a message (one of the program's `RadioMessage` names) to every micro:bit on the
   * same group.
   * @param msg the message
   */
  //% help=radio/send-message weight=200 blockGap=8
  //% blockId=radioBroadcastMessage block="radio send $msg"
  //% msg.shadow=radioMessageCode draggableParameters group="Broadcast"
  function sendMessage(msg: number): void;

  /**
   * Runs code when a message arrives by radio.
   * @param msg the message to wait for
   * @param handler the code to run
   */
  //% help=radio/on-received-message weight=199
  //% blockId=radioBroadcastOnMessage block="on radio $msg received"
  //% msg.shadow=radioMessageCode group="Broadcast"
  function onReceivedMessage(msg: number, handler: () => void): void;

  /**
   * A message name, as its number (the program declares `enum RadioMessage`).
   * @param msg the message
   */
  //% help=radio/send-message
  //% blockId=radioMessageCode block="$msg" blockHidden=1 shim=ENUM_GET deprecated=true
  //% enumName="RadioMessage" enumMemberName="msg" enumPromptHint="e.g. Start, Stop, Jump..."
  //% enumInitialMembers="message1"
  function __message(msg: number): number;

  /**
   * Runs code when a number arrives by radio.
   * @param cb the code to run, given the number
   */
  //% help=radio/on-received-number weight=20 blockGap=16
  //% blockId=radio_on_number_drag block="on radio received"
  //% useLoc="radio.onDataPacketReceived" draggableParameters=reporter
  //% group="Receive"
  function onReceivedNumber(cb: (receivedNumber: number) => void): void;

  /**
   * Runs code when a name and value arrive by radio.
   * @param cb the code to run, given the name and the value
   */
  //% help=radio/on-received-value weight=19 blockGap=16
  //% blockId=radio_on_value_drag block="on radio received"
  //% useLoc="radio.onDataPacketReceived" draggableParameters=reporter
  //% group="Receive"
  function onReceivedValue(cb: (name: string, value: number) => void): void;

  /**
   * Runs code when text arrives by radio.
   * @param cb the code to run, given the text
   */
  //% help=radio/on-received-string weight=18 blockGap=16
  //% blockId=radio_on_string_drag block="on radio received"
  //% useLoc="radio.onDataPacketReceived" draggableParameters=reporter
  //% group="Receive"
  function onReceivedString(cb: (receivedString: string) => void): void;

  /**
   * Runs code when a buffer arrives by radio.
   * @param cb the code to run, given the buffer
   */
  //% help=radio/on-received-buffer blockHidden=1 blockGap=16
  //% blockId=radio_on_buffer_drag block="on radio received"
  //% useLoc="radio.onDataPacketReceived" draggableParameters=reporter
  function onReceivedBuffer(cb: (receivedBuffer: Buffer) => void): void;

  /**
   * Runs code when any packet arrives, given everything it carried (the older form).
   * @param cb the code to run, given the packet
   */
  //% help=radio/on-data-packet-received blockHandlerKey="radioreceived" deprecated=true
  //% mutate=objectdestructuring mutateText=Packet
  //% mutateDefaults="receivedNumber;receivedString:name,receivedNumber:value;receivedString"
  //% blockId=radio_on_packet block="on radio received" blockGap=8
  function onDataPacketReceived(cb: (packet: Packet) => void): void;

  /**
   * The older form of onReceivedNumber.
   * @param cb the code to run, given the number
   */
  //% help=radio/on-received-number blockHandlerKey="radioreceived" blockGap=16
  //% blockId=radio_on_number block="on radio received"
  //% useLoc="radio.onDataPacketReceived" deprecated=1
  function onReceivedNumberDeprecated(cb: (receivedNumber: number) => void): void;

  /**
   * The older form of onReceivedValue.
   * @param cb the code to run, given the name and the value
   */
  //% help=radio/on-received-value blockHandlerKey="radioreceived" blockGap=16
  //% blockId=radio_on_value block="on radio received"
  //% useLoc="radio.onDataPacketReceived" deprecated=1
  function onReceivedValueDeprecated(cb: (name: string, value: number) => void): void;

  /**
   * The older form of onReceivedString.
   * @param cb the code to run, given the text
   */
  //% help=radio/on-received-string blockHandlerKey="radioreceived" blockGap=16
  //% blockId=radio_on_string block="on radio received"
  //% useLoc="radio.onDataPacketReceived" deprecated=1
  function onReceivedStringDeprecated(cb: (receivedString: string) => void): void;

  /**
   * The older form of onReceivedBuffer.
   * @param cb the code to run, given the buffer
   */
  //% help=radio/on-received-buffer blockHandlerKey="radioreceived" blockHidden=1 blockGap=16
  //% blockId=radio_on_buffer block="on radio received"
  //% useLoc="radio.onDataPacketReceived" deprecated=1
  function onReceivedBufferDeprecated(cb: (receivedBuffer: Buffer) => void): void;

  /**
   * The signal strength, sender's time or sender's serial number of the last packet received.
   * @param type what to tell
   */
  //% help=radio/received-packet weight=16 blockGap=16
  //% blockId=radio_received_packet block="received packet %type=radio_packet_property"
  //% group="Receive"
  function receivedPacket(type: number): number;

  /**
   * A packet property, as a number.
   * @param type the property, eg: RadioPacketProperty.SignalStrength
   */
  //% help=radio/received-packet
  //% blockId=radio_packet_property block="%note"
  //% shim=TD_ID blockHidden=1
  function _packetProperty(type: RadioPacketProperty): number;

  /**
   * Sends a number to every micro:bit on the same group.
   * @param value the number to send
   */
  //% help=radio/send-number weight=60 blockGap=8
  //% blockId=radio_datagram_send block="radio send number %value"
  //% group="Send"
  function sendNumber(value: number): void;

  /**
   * Sends a name (at most 8 characters) and a number to every micro:bit on the same group.
   * @param name the name, eg: "name"
   * @param value the number
   */
  //% help=radio/send-value weight=59 blockGap=8
  //% blockId=radio_datagram_send_value block="radio send|value %name|= %value"
  //% group="Send"
  function sendValue(name: string, value: number): void;

  /**
   * Sends text (at most 19 characters) to every micro:bit on the same group.
   * @param msg the text to send
   */
  //% help=radio/send-string weight=58
  //% blockId=radio_datagram_send_string block="radio send string %msg"
  //% msg.shadowOptions.toString=true group="Send"
  function sendString(msg: string): void;

  /**
   * Sends a buffer (at most 19 bytes) to every micro:bit on the same group.
   * @param msg the bytes to send
   */
  //% help=radio/send-buffer weight=57 advanced=true
  function sendBuffer(msg: Buffer): void;

  /**
   * Chooses whether packets carry this micro:bit's serial number.
   * @param transmit true to send it, eg: true
   */
  //% help=radio/set-transmit-serial-number weight=8 blockGap=8
  //% blockId=radio_set_transmit_serial_number block="radio set transmit serial number %transmit"
  //% advanced=true
  function setTransmitSerialNumber(transmit: boolean): void;

  /**
   * Sets the group (0-255): micro:bits only hear packets sent on their own group.
   * @param id the group, eg: 1
   */
  //% help=radio/set-group weight=100
  //% blockId=radio_set_group block="radio set group %ID"
  //% id.min=0 id.max=255 group="Group"
  function setGroup(id: number): void;

  /**
   * Sets how strongly the radio sends, from 0 (weakest, shortest reach) to 7 (strongest).
   * @param power the power, eg: 7
   */
  //% help=radio/set-transmit-power weight=9 blockGap=8
  //% blockId=radio_set_transmit_power block="radio set transmit power %power"
  //% power.min=0 power.max=7 advanced=true
  function setTransmitPower(power: number): void;

  /**
   * Sets the frequency band (0-83, each 1 MHz above 2400 MHz) the radio sends and listens on.
   * @param band the band, eg: 7
   */
  //% help=radio/set-frequency-band weight=8 blockGap=8
  //% blockId=radio_set_frequency_band block="radio set frequency band %band"
  //% band.min=0 band.max=83 advanced=true
  function setFrequencyBand(band: number): void;

  /**
   * Raises an event on every other micro:bit on the same group, as if it happened there.
   * @param src the event source
   * @param value the event value
   */
  //% help=radio/raise-event weight=1 advanced=true
  //% blockId=radioRaiseEvent block="radio raise event|from source %src=control_event_source_id|with value %value=control_event_value_id"
  //% blockExternalInputs=1
  function raiseEvent(src: number, value: number): void;

  /**
   * Runs code whenever a packet arrives (the packets wait to be read with receiveNumber …).
   * @param body the code to run
   */
  //% help=radio/on-data-received weight=0 blockGap=8
  //% blockId=radio_datagram_received_event block="radio on data received"
  //% deprecated=true blockHidden=1
  function onDataReceived(body: () => void): void;

  /**
   * Turns the radio off: nothing is sent or heard until radio.on.
   */
  //% help=radio/off
  function off(): void;

  /**
   * Turns the radio back on after radio.off.
   */
  //% help=radio/on
  function on(): void;

  /**
   * Takes the next packet waiting and writes it to serial as JSON.
   */
  //% help=radio/write-value-to-serial weight=3
  //% blockId=radio_write_value_serial block="radio write value to serial"
  //% deprecated=true
  function writeValueToSerial(): void;

  /**
   * Writes the last packet received to serial as JSON.
   */
  //% help=radio/write-received-packet-to-serial weight=3
  //% blockId=radio_write_packet_serial block="radio write received packet to serial"
  //% advanced=true deprecated=true
  function writeReceivedPacketToSerial(): void;

  /**
   * Takes the next packet waiting and returns its number (0 if it had none).
   */
  //% help=radio/receive-number weight=46 blockGap=8
  //% blockId=radio_datagram_receive block="radio receive number"
  //% deprecated=true
  function receiveNumber(): number;

  /**
   * Takes the next packet waiting and returns its text ("" if it had none).
   */
  //% help=radio/receive-string weight=44 blockGap=8
  //% blockId=radio_datagram_receive_string block="radio receive string"
  //% deprecated=true
  function receiveString(): string;

  /**
   * The number of the last packet taken (0 if it had none).
   */
  //% help=radio/received-number deprecated=1
  function receivedNumber(): number;

  /**
   * The text of the last packet taken ("" if it had none).
   */
  //% help=radio/received-string deprecated=1
  function receivedString(): string;

  /**
   * The bytes of the last packet taken (empty if it had none).
   */
  //% help=radio/received-buffer deprecated=1
  function receivedBuffer(): Buffer;

  /**
   * The sender's running time when it sent the last packet taken, in ms.
   */
  //% help=radio/received-time deprecated=1
  function receivedTime(): number;

  /**
   * The sender's serial number in the last packet taken (0 if it did not send it).
   */
  //% help=radio/received-serial deprecated=1
  function receivedSerial(): number;

  /**
   * The signal strength of the last packet taken, from -128 (weak) to -42 (strong).
   */
  //% help=radio/received-signal-strength weight=40
  //% blockId=radio_datagram_rssi block="radio received signal strength"
  //% deprecated=true blockHidden=true
  function receivedSignalStrength(): number;
}
