/**
 * Colour controls: the colour scheme select (each scheme with its swatch) and the colour picker
 * (a native colour input, the colour as hex or rgb text, and opacity 0 to 1; value {r, g, b, a}).
 */
import { useMemo } from 'react';
import { categoricalSchemes, sequentialSchemes, type ColorScheme } from '~/lib/colors';
import { choicesToOptions, type SelectOption } from '~/lib/explore/select-options';
import { controlChoices } from '~/viz/shared/controls';
import { errorClass, inlineControlClass } from '~/ui/primitives/field';
import { SelectBox } from '../../select-box';
import type { ControlProps } from '../../types';
import { controlAria, labelIdOf } from './control-aria';
import { useDraft } from './use-draft';
import { colorHex, INVALID_COLOR_MESSAGE, parseColorText, parseOpacity, readColor, type RgbaColor } from './values';

/** A scheme by id among the categorical, then the sequential schemes. */
export function findScheme(id: unknown): ColorScheme | undefined {
  if (typeof id !== 'string') return undefined;
  return categoricalSchemes.find(id) ?? sequentialSchemes.find(id);
}

/** Categorical schemes as blocks of their first colours; sequential ones as a gradient. */
export function SchemeSwatch({ scheme }: { scheme: ColorScheme | undefined }) {
  if (!scheme) return null;
  const sequential = !categoricalSchemes.has(scheme.id);
  if (sequential) {
    return <span aria-hidden="true" className="inline-block h-3 w-16 shrink-0 rounded-sm" style={{ backgroundImage: `linear-gradient(to right, ${scheme.colors.join(', ')})` }} />;
  }
  return (
    <span aria-hidden="true" className="inline-flex h-3 shrink-0 overflow-hidden rounded-sm">
      {scheme.colors.slice(0, 10).map((color, i) => (
        <span key={i} className="inline-block h-3 w-2" style={{ backgroundColor: color }} />
      ))}
    </span>
  );
}

export function ColorSchemeControl(props: ControlProps<string>) {
  const { id, config, value, onChange, context } = props;
  const options = useMemo(() => choicesToOptions(controlChoices(config, context)), [config, context]);
  const aria = controlAria(props);
  return (
    <SelectBox
      id={id}
      options={options}
      value={value ?? null}
      onChange={(next) => {
        if (typeof next === 'string') onChange(next);
      }}
      clearable={false}
      searchable
      invalid={aria['aria-invalid']}
      describedBy={aria['aria-describedby']}
      renderPrefix={(option: SelectOption) => <SchemeSwatch scheme={findScheme(option.value)} />}
    />
  );
}

/**
 * The picker: the native colour input picks red, green and blue; the text takes '#abc',
 * '#aabbcc' or 'rgb(r, g, b)' ('Invalid color' otherwise, the value left as it was); opacity is
 * held between 0 and 1.
 */
export function ColorPickerControl(props: ControlProps<RgbaColor>) {
  const { id, value, onChange } = props;
  const color = readColor(value);
  const [text, setText] = useDraft(color, (v) => colorHex(readColor(v)));
  const invalid = parseColorText(text) === null;
  const aria = controlAria(props, invalid ? [`${id}-color-error`] : []);
  return (
    <div id={id} role="group" aria-labelledby={labelIdOf(id)} aria-describedby={aria['aria-describedby']} className="mt-1">
      <div className="flex flex-wrap items-center gap-2">
        <input
          type="color"
          aria-label="Pick color"
          value={colorHex(color)}
          onChange={(e) => {
            const rgb = parseColorText(e.target.value);
            if (rgb) onChange({ ...color, ...rgb });
          }}
          className="h-8 w-10 cursor-pointer rounded border border-slate-300 bg-white p-0.5 dark:border-slate-700"
        />
        <input
          type="text"
          aria-label="Color value"
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-color-error` : undefined}
          value={text}
          onChange={(e) => {
            const rgb = parseColorText(e.target.value);
            const next = rgb ? { ...color, ...rgb } : color;
            setText(e.target.value, next);
            if (rgb) onChange(next);
          }}
          className={`${inlineControlClass} w-28 font-mono`}
        />
        <label className="flex items-center gap-1 text-xs">
          <span>Opacity</span>
          <input
            type="number"
            min={0}
            max={1}
            step={0.1}
            value={color.a}
            onChange={(e) => {
              const a = parseOpacity(e.target.value);
              if (a !== null) onChange({ ...color, a });
            }}
            className={`${inlineControlClass} w-16`}
          />
        </label>
        <span aria-hidden="true" className="inline-block size-6 rounded border border-slate-300" style={{ backgroundColor: `rgba(${color.r}, ${color.g}, ${color.b}, ${color.a})` }} />
      </div>
      {invalid && (
        <p id={`${id}-color-error`} className={errorClass}>
          {INVALID_COLOR_MESSAGE}
        </p>
      )}
    </div>
  );
}
