/**
 * A text input that becomes Mantine's Autocomplete once its module is there: the combobox (about 14 KiB) loads when
 * the browser is idle after the page is drawn, or as soon as the pointer or focus reaches the input, so a page whose
 * first paint shows a search box does not wait for its suggestions' dropdown (docs/decisions.md#dialogs-on-demand).
 * What is typed before stays; an input that had the focus keeps it.
 */
import { useEffect, useRef, useState } from 'react';
import { TextInput, type AutocompleteProps } from '@mantine/core';
import { loadedModule, loadOnce, preload, whenIdle } from '../../lib/deferred';

const loadAutocomplete = () => import('./autocomplete.deferred');

export function DeferredAutocomplete(props: AutocompleteProps & { 'data-testid'?: string }) {
  const [, setLoads] = useState(0);
  const focused = useRef(false);
  const Autocomplete = loadedModule(loadAutocomplete)?.default;

  useEffect(() => {
    if (Autocomplete) return;
    let live = true;
    const loaded = () => live && setLoads((count) => count + 1);
    const cancel = whenIdle(() => loadOnce(loadAutocomplete).then(loaded, () => undefined));
    return () => {
      live = false;
      cancel();
    };
  }, [Autocomplete]);

  if (Autocomplete) return <Autocomplete {...props} autoFocus={focused.current || props.autoFocus} />;
  // the input as the Autocomplete draws it (the props an input has; the dropdown's come with the module)
  return (
    <TextInput
      label={props.label}
      description={props.description}
      required={props.required}
      aria-label={props['aria-label']}
      placeholder={props.placeholder}
      disabled={props.disabled}
      w={props.w}
      data-testid={props['data-testid']}
      onKeyDown={props.onKeyDown}
      value={props.value}
      onChange={(event) => props.onChange?.(event.currentTarget.value)}
      onPointerEnter={() => preload(loadAutocomplete)}
      onFocus={(event) => {
        focused.current = true;
        loadOnce(loadAutocomplete).then(
          () => setLoads((count) => count + 1),
          () => undefined,
        );
        props.onFocus?.(event);
      }}
      onBlur={(event) => {
        focused.current = false;
        props.onBlur?.(event);
      }}
    />
  );
}
