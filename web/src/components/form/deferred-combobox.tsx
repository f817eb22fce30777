/**
 * Inputs that become Mantine's Autocomplete or Select once their module is there: the combobox (dropdown, options,
 * scroll area: about 14 KiB) loads when the browser is idle after the page is drawn, or as soon as the pointer or
 * focus reaches the input, so a page whose first paint shows such a field does not wait for its dropdown
 * (docs/decisions.md#dialogs-on-demand). Until then the field is drawn as the same labelled input; what is typed
 * stays, an input that had the focus keeps it, and a Select asked for its options before (a click, or Enter, Space
 * or an arrow key) opens them once they are there (docs/decisions.md#a-deferred-select-opens-on-the-first-click).
 */
import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { TextInput, type AutocompleteProps, type SelectProps } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { loadedModule, loadOnce, preload, whenIdle } from '../../lib/deferred';

const loadCombobox = () => import('./combobox.deferred');
const preloadCombobox = () => preload(loadCombobox);

/** The combobox module once loaded (a re-render when it arrives), loaded when the browser is idle. */
function useCombobox() {
  const [, setLoads] = useState(0);
  const combobox = loadedModule(loadCombobox);
  useEffect(() => {
    if (combobox) return;
    let live = true;
    const cancel = whenIdle(() =>
      loadOnce(loadCombobox).then(
        () => live && setLoads((count) => count + 1),
        () => undefined,
      ),
    );
    return () => {
      live = false;
      cancel();
    };
  }, [combobox]);
  /** Loads it now (focus, click); `then` runs once it is there. */
  const loadNow = (then?: () => void) =>
    loadOnce(loadCombobox).then(
      () => {
        then?.();
        setLoads((count) => count + 1);
      },
      () => undefined,
    );
  return { combobox, loadNow };
}

/** The props the field's input shares with the placeholder drawn before the module is there. */
type InputLike = Pick<
  AutocompleteProps,
  'label' | 'description' | 'required' | 'placeholder' | 'disabled' | 'w' | 'error' | 'rightSection' | 'onKeyDown'
> & { 'aria-label'?: string; 'data-testid'?: string };

function inputProps(props: InputLike) {
  return {
    label: props.label,
    description: props.description,
    required: props.required,
    placeholder: props.placeholder,
    disabled: props.disabled,
    w: props.w,
    error: props.error,
    rightSection: props.rightSection,
    onKeyDown: props.onKeyDown,
    'aria-label': props['aria-label'],
    'data-testid': props['data-testid'],
  };
}

/**
 * The placeholder's pointer and focus handlers: the module preloads when the pointer comes near and
 * loads on focus, and the field remembers the focus to hand it to the combobox.
 */
function loadOnFocus(
  props: Pick<AutocompleteProps, 'onFocus' | 'onBlur'>,
  focused: { current: boolean },
  loadNow: () => Promise<void>,
) {
  return {
    onPointerEnter: preloadCombobox,
    onFocus: (event: FocusEvent<HTMLInputElement>) => {
      focused.current = true;
      void loadNow();
      props.onFocus?.(event);
    },
    onBlur: (event: FocusEvent<HTMLInputElement>) => {
      focused.current = false;
      props.onBlur?.(event);
    },
  };
}

/**
 * Whether a press (pointer down … click) that began on the placeholder is still going on. The combobox is swapped in
 * only after it ends: swapped in between, the pointer's down and up land on two elements, so the browser sends the
 * click to neither and the Select never hears it (what made a click right as the module arrived open nothing).
 */
function usePress() {
  const [pressing, setPressing] = useState(false);
  const onPointerDown = () => {
    setPressing(true);
    const release = () => {
      window.removeEventListener('pointerup', release, true);
      window.removeEventListener('pointercancel', release, true);
      // the click follows the pointer's release in the same task: swap in the next one
      window.setTimeout(() => setPressing(false), 0);
    };
    window.addEventListener('pointerup', release, true);
    window.addEventListener('pointercancel', release, true);
  };
  return { pressing, onPointerDown };
}

/** The keys that open a Select's options (as Mantine's Select takes them once it is there). */
const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

export function DeferredAutocomplete(props: AutocompleteProps & { 'data-testid'?: string }) {
  const { combobox, loadNow } = useCombobox();
  const focused = useRef(false);
  const press = usePress();
  // focused, it opens its suggestions for what was typed (Mantine's Autocomplete opens on focus)
  if (combobox && !press.pressing)
    return <combobox.Autocomplete {...props} autoFocus={focused.current || props.autoFocus} />;
  return (
    <TextInput
      {...inputProps(props)}
      value={props.value}
      onChange={(event) => props.onChange?.(event.currentTarget.value)}
      {...loadOnFocus(props, focused, loadNow)}
      onPointerDown={press.onPointerDown}
    />
  );
}

export function DeferredSelect(props: SelectProps & { 'data-testid'?: string }) {
  const { combobox, loadNow } = useCombobox();
  const focused = useRef(false);
  // the options were asked for (a click, an opening key) while the module was on its way
  const asked = useRef(false);
  const press = usePress();
  if (combobox && !press.pressing)
    return (
      <combobox.Select
        {...props}
        autoFocus={focused.current || props.autoFocus}
        defaultDropdownOpened={(asked.current && focused.current) || props.defaultDropdownOpened}
      />
    );
  // the chosen option's label, read-only until the options are there
  const chosen = props.data?.find(
    (option) => typeof option === 'object' && 'value' in option && option.value === props.value,
  );
  const focus = loadOnFocus(props, focused, loadNow);
  const ask = () => {
    asked.current = true;
    void loadNow();
  };
  return (
    <TextInput
      {...inputProps(props)}
      // announced as the combobox it becomes; its options open once they are there
      role="combobox"
      aria-haspopup="listbox"
      aria-expanded={false}
      readOnly
      value={chosen && typeof chosen === 'object' && 'label' in chosen ? chosen.label : (props.value ?? '')}
      rightSection={props.rightSection ?? <IconChevronDown size={16} />}
      rightSectionPointerEvents="none"
      style={{ cursor: 'pointer' }}
      onClick={ask}
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        props.onKeyDown?.(event);
        if (OPENING_KEYS.has(event.key)) {
          // Enter would submit the form and Space scroll the page
          event.preventDefault();
          ask();
        } else if (event.key === 'Escape') asked.current = false;
      }}
      {...focus}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        asked.current = false;
        focus.onBlur(event);
      }}
      onPointerDown={press.onPointerDown}
    />
  );
}
