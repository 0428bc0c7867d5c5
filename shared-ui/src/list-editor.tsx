/**
 * Edits a list of short texts (review guidelines, marketer instructions, commission policies).
 * 'enter' (add form): type and press Enter to add; each item has a remove button, and Delete
 * (or Backspace) on a focused item removes it. 'inline' (update form): every item is an input,
 * 'Add' appends an empty one. Either way onChange receives the items trimmed, empty ones left out.
 */
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useT } from './lib/i18n';
import './button.css';
import './list-editor.css';

export interface ListEditorProps {
  label: string;
  items: string[];
  onChange: (items: string[]) => void;
  placeholder?: string;
  mode?: 'enter' | 'inline';
}

export function ListEditor({ mode = 'enter', ...props }: ListEditorProps) {
  return mode === 'inline' ? <InlineListEditor {...props} /> : <EnterListEditor {...props} />;
}

type ModeProps = Omit<ListEditorProps, 'mode'>;

function cleaned(values: ReadonlyArray<string>): string[] {
  return values.map((value) => value.trim()).filter((value) => value.length > 0);
}

function sameList(a: ReadonlyArray<string>, b: ReadonlyArray<string>): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

function EnterListEditor({ label, items, onChange, placeholder }: ModeProps) {
  const t = useT();
  const legendId = useId();
  const hintId = useId();
  const [draft, setDraft] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  /** after a removal by keyboard, the place whose item should get the focus */
  const focusAfterRemoval = useRef<number | null>(null);

  useEffect(() => {
    const place = focusAfterRemoval.current;
    if (place === null) return;
    focusAfterRemoval.current = null;
    const entries = listRef.current?.querySelectorAll<HTMLElement>('.ui-list-item');
    const target = entries?.[Math.min(place, entries.length - 1)];
    (target ?? inputRef.current)?.focus();
  });

  function add() {
    const [item] = cleaned([draft]);
    setDraft('');
    if (item) onChange([...cleaned(items), item]);
  }

  function remove(index: number, byKeyboard: boolean) {
    if (byKeyboard) focusAfterRemoval.current = index;
    onChange(cleaned(items.filter((_, i) => i !== index)));
  }

  function onInputKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    // Enter adds the item; it must not submit the form around the list
    event.preventDefault();
    add();
  }

  function onItemKeyDown(event: KeyboardEvent<HTMLLIElement>, index: number) {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      remove(index, true);
    }
  }

  return (
    <fieldset className="ui-list-editor">
      <legend id={legendId} className="ui-list-legend">
        {label}
      </legend>
      <input
        ref={inputRef}
        className="ui-list-input"
        type="text"
        value={draft}
        placeholder={placeholder}
        aria-labelledby={legendId}
        aria-describedby={hintId}
        enterKeyHint="done"
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onInputKeyDown}
      />
      <p id={hintId} className="ui-list-hint">
        {t('ui.listEditor.hint')}
      </p>
      {items.length > 0 ? (
        <ul ref={listRef} className="ui-list-items" aria-labelledby={legendId}>
          {items.map((item, index) => (
            <li
              // items are plain texts that may repeat: their place is their identity
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={`${index}:${item}`}
              className="ui-list-item"
              // focusable so that Delete can remove it
              // biome-ignore lint/a11y/noNoninteractiveTabindex: the item takes the Delete key
              tabIndex={0}
              onKeyDown={(event) => onItemKeyDown(event, index)}
            >
              <span className="ui-list-text">{item}</span>
              <button
                type="button"
                className="ui-list-remove"
                aria-label={t('ui.listEditor.removeItem', { item })}
                onClick={() => remove(index, false)}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}

interface Row {
  id: number;
  value: string;
}

let nextRowId = 0;
const toRows = (values: ReadonlyArray<string>): Row[] => values.map((value) => ({ id: nextRowId++, value }));

function InlineListEditor({ label, items, onChange, placeholder }: ModeProps) {
  const t = useT();
  const [rows, setRows] = useState<Row[]>(() => toRows(items));
  const [seenItems, setSeenItems] = useState(items);
  const focusRow = useRef<number | null>(null);
  const listRef = useRef<HTMLUListElement>(null);

  // New items from the parent (a product loaded) replace the rows; the parent handing back
  // what this editor sent keeps the rows as typed (spaces, the empty row just added).
  if (items !== seenItems) {
    setSeenItems(items);
    if (!sameList(cleaned(rows.map((row) => row.value)), items)) setRows(toRows(items));
  }

  useEffect(() => {
    const id = focusRow.current;
    if (id === null) return;
    focusRow.current = null;
    listRef.current?.querySelector<HTMLInputElement>(`[data-row="${id}"]`)?.focus();
  });

  function update(next: Row[]) {
    setRows(next);
    const values = cleaned(next.map((row) => row.value));
    if (!sameList(values, cleaned(items))) onChange(values);
  }

  function appendRow() {
    const [row] = toRows(['']);
    if (!row) return;
    focusRow.current = row.id;
    setRows([...rows, row]);
  }

  return (
    <fieldset className="ui-list-editor">
      <legend className="ui-list-legend">{label}</legend>
      {rows.length > 0 ? (
        <ul ref={listRef} className="ui-list-rows">
          {rows.map((row, index) => (
            <li key={row.id} className="ui-list-row">
              <input
                className="ui-list-input"
                type="text"
                data-row={row.id}
                value={row.value}
                placeholder={placeholder}
                aria-label={t('ui.listEditor.row', { label, number: index + 1 })}
                onChange={(event) =>
                  update(rows.map((r) => (r.id === row.id ? { ...r, value: event.target.value } : r)))
                }
                onKeyDown={(event) => {
                  if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
                    // Enter adds the next row instead of submitting the form
                    event.preventDefault();
                    appendRow();
                  }
                }}
              />
              <button
                type="button"
                className="ui-list-remove"
                aria-label={t('ui.listEditor.removeRow', { label, number: index + 1 })}
                onClick={() => update(rows.filter((r) => r.id !== row.id))}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div>
        <button type="button" className="ui-button ui-button-small" onClick={appendRow}>
          {t('ui.listEditor.add')}
        </button>
      </div>
    </fieldset>
  );
}
