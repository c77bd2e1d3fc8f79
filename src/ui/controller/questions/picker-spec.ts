/** A list the person picks one value from (effort, model, a model's effort). */
export interface PickerSpec {
  title: string;
  options: readonly string[];
  /** Shown after an option (what it is). */
  details?: Readonly<Record<string, string>>;
  /** The setting in effect: marked "(current)" and highlighted first. */
  current?: string;
  /** Highlighted first without being marked (a likely pick, not a setting). */
  initial?: string;
  /** A question's answers: shown numbered, and a number key picks one. */
  numbered?: boolean;
  onPick(value: string): void;
  /** Esc: nothing picked. */
  onCancel?(): void;
}

/** A picker on screen and its highlighted option. */
export interface OpenPicker {
  spec: PickerSpec;
  index: number;
}

/** The picker opened on its initial or current option (the first when there is none). */
export function openPicker(spec: PickerSpec): OpenPicker {
  return { spec, index: Math.max(0, spec.options.indexOf(spec.initial ?? spec.current ?? "")) };
}
