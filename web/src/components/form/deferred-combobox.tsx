/**
 * Inputs that become Mantine's Autocomplete or Select once their module is there: the combobox (dropdown, options,
 * scroll area: about 14 KiB) loads when the browser is idle after the page is drawn, or as soon as the pointer or
 * focus reaches the input, so a page whose first paint shows such a field does not wait for its dropdown
 * (docs/decisions.md#dialogs-on-demand). Until then the field is drawn as the same labelled input; what is typed
 * stays, an input that had the focus keeps it, and a Select clicked before opens its options once they are there.
 */
import { useEffect, useRef, useState, type FocusEvent } from 'react';
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

export function DeferredAutocomplete(props: AutocompleteProps & { 'data-testid'?: string }) {
  const { combobox, loadNow } = useCombobox();
  const focused = useRef(false);
  if (combobox) return <combobox.Autocomplete {...props} autoFocus={focused.current || props.autoFocus} />;
  return (
    <TextInput
      {...inputProps(props)}
      value={props.value}
      onChange={(event) => props.onChange?.(event.currentTarget.value)}
      {...loadOnFocus(props, focused, loadNow)}
    />
  );
}

export function DeferredSelect(props: SelectProps & { 'data-testid'?: string }) {
  const { combobox, loadNow } = useCombobox();
  const focused = useRef(false);
  const clicked = useRef(false);
  if (combobox)
    return (
      <combobox.Select
        {...props}
        autoFocus={focused.current || props.autoFocus}
        defaultDropdownOpened={clicked.current || props.defaultDropdownOpened}
      />
    );
  // the chosen option's label, read-only until the options are there
  const chosen = props.data?.find(
    (option) => typeof option === 'object' && 'value' in option && option.value === props.value,
  );
  return (
    <TextInput
      {...inputProps(props)}
      readOnly
      value={chosen && typeof chosen === 'object' && 'label' in chosen ? chosen.label : (props.value ?? '')}
      rightSection={props.rightSection ?? <IconChevronDown size={16} />}
      rightSectionPointerEvents="none"
      style={{ cursor: 'pointer' }}
      onClick={() => {
        clicked.current = true;
        void loadNow();
      }}
      {...loadOnFocus(props, focused, loadNow)}
    />
  );
}
