// The sensor controls beside a board, shown only for what the program uses (light level,
// temperature, compass heading, sound level, gestures). Plain HTML inputs: they work with a
// keyboard, a screen reader and a finger, and the page styles them.

import { useId, useState } from 'react';
import type { Translate } from './led-description.ts';

export type SensorKey = 'lightLevel' | 'temperature' | 'compassHeading' | 'soundLevel';

export interface SensorUsage {
  lightLevel: boolean;
  temperature: boolean;
  compass: boolean;
  soundLevel: boolean;
  accelerometer: boolean;
}

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
}

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

export function SensorControls(props: SensorControlsProps) {
  const { usage, t } = props;
  const [gesture, setGesture] = useState(props.gestures[0]?.value ?? 11);
  const pickerId = useId();
  const shown = sliders.filter((s) => usage[s.uses]);
  if (shown.length === 0 && !usage.accelerometer) return null;
  return (
    <div className="sim-sensors" role="group" aria-label={t('sim.sensor.group')}>
      {shown.map((spec) => (
        <Slider {...spec} key={spec.sensor} value={props.values[spec.sensor]} t={t} onChange={props.onChange} />
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
    </div>
  );
}
