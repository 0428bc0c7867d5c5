import { type FormEvent, useEffect, useState } from 'react';
import { useDebouncedValue } from './use-debounced-value';

/**
 * A search box's text: the search applies `delay` ms after typing stops, or at once on submit
 * (Enter, the search button), and only when it differs from `applied` (the search the list shows
 * now). When `applied` changes by other means (Back, a cleared filter), the box shows it.
 */
export function useSearchDraft(applied: string, onSearch: (text: string) => void, delay: number) {
  const [draft, setDraft] = useState(applied);
  const [shown, setShown] = useState(applied);
  if (applied !== shown) {
    setShown(applied);
    setDraft(applied);
  }
  const settled = useDebouncedValue(draft, delay);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled draft starts a search
  useEffect(() => {
    if (settled.trim() !== applied.trim()) onSearch(settled.trim());
  }, [settled]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (draft.trim() !== applied.trim()) onSearch(draft.trim());
  }

  return { draft, setDraft, onSubmit };
}
