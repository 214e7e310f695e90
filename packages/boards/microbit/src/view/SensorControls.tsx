// The sensor controls beside a board, shown only for what the program uses (light level,
// temperature, compass heading, sound level, gestures, and the edge pins P0-P2: a touch button
// and a level 0-1023). Plain HTML inputs: they work with a keyboard, a screen reader and a
// finger, and the page styles them.

import { Fragment, useId, useRef, useState } from 'react';
import type { Translate } from './led-description.ts';

export type SensorKey = 'lightLevel' | 'temperature' | 'compassHeading' | 'soundLevel';

export interface SensorUsage {
  lightLevel: boolean;
  temperature: boolean;
  compass: boolean;
  soundLevel: boolean;
  accelerometer: boolean;
  /** Touch events or reads of P0-P2 (touch buttons). */
  pinTouch?: boolean;
  /** Level or pulse reads of the edge pins (a level slider per pin). */
  pinRead?: boolean;
}

type EdgePin = 0 | 1 | 2;

export interface GestureChoice {
  name: string;
  value: number;
}

export interface SensorControlsProps {
  usage: SensorUsage;
  values: Record<SensorKey, number>;
  gestures: readonly GestureChoice[];
  t: Translate;
  onChange: (key: SensorKey, value: number) => void;
  onGesture: (value: number) => void;
  /** Levels applied to P0, P1, P2 (0-1023) and whether each is touched. */
  pinLevels?: readonly number[];
  pinsTouched?: readonly boolean[];
  onPinLevel?: (pin: EdgePin, level: number) => void;
  onTouchPin?: (pin: EdgePin, touched: boolean) => void;
}

const EDGE_PINS: readonly EdgePin[] = [0, 1, 2];

interface SliderSpec {
  sensor: SensorKey;
  min: number;
  max: number;
  unit: string;
}

const sliders: readonly (SliderSpec & { uses: keyof SensorUsage })[] = [
  { sensor: 'lightLevel', uses: 'lightLevel', min: 0, max: 255, unit: '' },
  { sensor: 'temperature', uses: 'temperature', min: -5, max: 50, unit: '°C' },
  { sensor: 'compassHeading', uses: 'compass', min: 0, max: 359, unit: '°' },
  { sensor: 'soundLevel', uses: 'soundLevel', min: 0, max: 255, unit: '' },
];

function Slider(
  props: SliderSpec & { value: number; t: Translate; onChange: (key: SensorKey, value: number) => void },
) {
  const id = useId();
  return (
    <div className="sim-sensor" data-sensor={props.sensor}>
      <label htmlFor={id}>{props.t(`sim.sensor.${props.sensor}`)}</label>
      <input
        id={id}
        type="range"
        min={props.min}
        max={props.max}
        step={1}
        value={props.value}
        onChange={(event) => props.onChange(props.sensor, Number(event.target.value))}
      />
      <output htmlFor={id}>
        {props.value}
        {props.unit}
      </output>
    </div>
  );
}

/** Press and hold: a finger, the mouse, or Space/Enter held down; a screen reader's click taps. */
function TouchButton(props: {
  pin: EdgePin;
  touched: boolean;
  /** Beside the pin's level, "Touch" says enough; alone, the button names its pin. */
  short: boolean;
  t: Translate;
  onTouch: (touched: boolean) => void;
}) {
  const keyHeld = useRef(false);
  const { onTouch } = props;
  return (
    <button
      type="button"
      className="sim-pin-touch pill-button-toggle"
      aria-pressed={props.touched}
      onPointerDown={(event) => {
        event.currentTarget.setPointerCapture?.(event.pointerId);
        onTouch(true);
      }}
      onPointerUp={() => onTouch(false)}
      onPointerCancel={() => onTouch(false)}
      onKeyDown={(event) => {
        if ((event.key === ' ' || event.key === 'Enter') && !event.repeat) {
          event.preventDefault();
          keyHeld.current = true;
          onTouch(true);
        }
      }}
      onKeyUp={(event) => {
        if (event.key === ' ' || event.key === 'Enter') {
          keyHeld.current = false;
          onTouch(false);
        }
      }}
      onBlur={() => {
        if (keyHeld.current) onTouch(false);
        keyHeld.current = false;
      }}
      onClick={(event) => {
        // A click with no pointer or key behind it (a screen reader): touch briefly.
        if (event.detail === 0 && !keyHeld.current) {
          onTouch(true);
          setTimeout(() => onTouch(false), 300);
        }
      }}
    >
      {props.short ? (
        <>
          <span aria-hidden="true">{props.t('sim.sensor.touch')}</span>
          <span className="visually-hidden">{props.t('sim.sensor.touchPin', { pin: props.pin })}</span>
        </>
      ) : (
        props.t('sim.sensor.touchPin', { pin: props.pin })
      )}
    </button>
  );
}

function PinControls(props: SensorControlsProps) {
  const { usage, t } = props;
  const id = useId();
  return (
    <fieldset className="sim-pins pill-buttons" data-levels={usage.pinRead === true}>
      <legend>{t('sim.sensor.pins')}</legend>
      {EDGE_PINS.map((pin) => {
        const level = props.pinLevels?.[pin] ?? 0;
        return (
          <div className="sim-pin" data-pin={pin} data-level={usage.pinRead === true} key={pin}>
            {usage.pinRead ? (
              <>
                <label htmlFor={`${id}-${pin}`}>{t('sim.sensor.pinLevel', { pin })}</label>
                <input
                  id={`${id}-${pin}`}
                  type="range"
                  min={0}
                  max={1023}
                  step={1}
                  value={level}
                  onChange={(event) => props.onPinLevel?.(pin, Number(event.target.value))}
                />
                <output htmlFor={`${id}-${pin}`}>{level}</output>
              </>
            ) : null}
            {usage.pinTouch ? (
              <TouchButton
                pin={pin}
                short={usage.pinRead === true}
                touched={props.pinsTouched?.[pin] === true}
                t={t}
                onTouch={(touched) => props.onTouchPin?.(pin, touched)}
              />
            ) : null}
          </div>
        );
      })}
    </fieldset>
  );
}

export function SensorControls(props: SensorControlsProps) {
  const { usage, t } = props;
  const [gesture, setGesture] = useState(props.gestures[0]?.value ?? 11);
  const pickerId = useId();
  const shown = sliders.filter((s) => usage[s.uses]);
  const pins = usage.pinTouch === true || usage.pinRead === true;
  if (shown.length === 0 && !usage.accelerometer && !pins) return null;
  return (
    <div className="sim-sensors" role="group" aria-label={t('sim.sensor.group')}>
      {shown.map((spec) => (
        <Fragment key={spec.sensor}>
          <Slider {...spec} value={props.values[spec.sensor]} t={t} onChange={props.onChange} />
          {spec.sensor === 'compassHeading' && (
            // The simulated compass needs no calibration; a real board asks for it on the first reading.
            <p className="sim-hint">{t('sim.sensor.compassHint')}</p>
          )}
        </Fragment>
      ))}
      {usage.accelerometer && (
        <div className="sim-gestures">
          <label htmlFor={pickerId}>{t('sim.sensor.gesture')}</label>
          <select id={pickerId} value={gesture} onChange={(event) => setGesture(Number(event.target.value))}>
            {props.gestures.map((g) => (
              <option key={g.value} value={g.value}>
                {t(`sim.gesture.${g.name}`)}
              </option>
            ))}
          </select>
          <button type="button" onClick={() => props.onGesture(gesture)}>
            {t('sim.sensor.doGesture')}
          </button>
          <p className="sim-hint">{t('sim.sensor.tiltHint')}</p>
        </div>
      )}
      {pins ? <PinControls {...props} /> : null}
    </div>
  );
}
