/**
 * Questions the TUI asks and the pickers that answer them: folder and hook trust, the plan's
 * approval, request_user_input's choices, and pick-one lists (model, effort).
 */
export { folderTrustPicker } from "./folder-trust-picker.js";
export { hookTrustPicker } from "./hook-trust-picker.js";
export type { OpenPicker, PickerSpec } from "./picker-spec.js";
export { openPicker } from "./picker-spec.js";
export { IMPLEMENT_MESSAGE, planApprovalPicker } from "./plan-approval.js";
export { QuestionDesk } from "./questions.js";
