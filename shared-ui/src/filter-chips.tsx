/** A labelled row of toggle chips, one pressed at a time; arrow keys move between them. */
import { type KeyboardEvent, useRef } from 'react';
import { DIRECTION, useLocale } from 'shared-api';
import './filter-chips.css';

export interface FilterChipOption<V extends string> {
  value: V;
  label: string;
}

export interface FilterChipsProps<V extends string> {
  label: string;
  options: ReadonlyArray<FilterChipOption<V>>;
  value: V;
  onChange: (value: V) => void;
}

export function FilterChips<V extends string>({ label, options, value, onChange }: FilterChipsProps<V>) {
  const rtl = DIRECTION[useLocale()] === 'rtl';
  const groupRef = useRef<HTMLFieldSetElement>(null);
  const selected = options.findIndex((option) => option.value === value);
  // the pressed chip is the group's one tab stop (the first when none is pressed)
  const tabStop = Math.max(selected, 0);

  function onKeyDown(event: KeyboardEvent<HTMLFieldSetElement>) {
    const buttons = Array.from(groupRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? []);
    const from = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (from < 0 || buttons.length === 0) return;
    // the chips run right to left in Urdu: the arrow that points on still moves on
    const key =
      rtl && event.key === 'ArrowLeft' ? 'ArrowRight' : rtl && event.key === 'ArrowRight' ? 'ArrowLeft' : event.key;
    let to: number;
    switch (key) {
      case 'ArrowRight':
      case 'ArrowDown':
        to = (from + 1) % buttons.length;
        break;
      case 'ArrowLeft':
      case 'ArrowUp':
        to = (from - 1 + buttons.length) % buttons.length;
        break;
      case 'Home':
        to = 0;
        break;
      case 'End':
        to = buttons.length - 1;
        break;
      default:
        return;
    }
    event.preventDefault();
    buttons[to]?.focus();
  }

  return (
    <fieldset ref={groupRef} className="ui-chips" onKeyDown={onKeyDown}>
      <legend className="ui-chips-label">{label}</legend>
      {options.map((option, index) => (
        <button
          key={option.value}
          type="button"
          className="ui-chip"
          aria-pressed={option.value === value}
          tabIndex={index === tabStop ? 0 : -1}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}
