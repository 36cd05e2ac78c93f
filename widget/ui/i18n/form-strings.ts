// The English words of the built-in form (form.ts). `{slots}` are filled with `fill`
// (widget/attachments/uploads.ts); the widget's language table, which has these keys for every language,
// goes over them. Counts come one and many: a form has few fields, and the many form names the
// number, so no language needs plural rules here.
export const FORM_EN = {
  formSubmit: 'Submit',
  formCancel: 'Cancel',
  formSending: 'Sending…',
  /** Read after a required field's label (screen readers only). */
  formRequired: ' (required)',
  formChoose: 'Choose…',
  formSubmitted: 'Submitted',
  formCancelled: 'Cancelled',
  formYes: 'Yes',
  formNo: 'No',
  formUnanswered: 'Not answered',
  formListSeparator: ', ',
  /** The visitor's bubble after a form: its status and its title. */
  formShown: '{status}: {title}',
  formSendFailed: 'Could not send. Please try again.',
  formFixOne: 'Please correct the field marked below.',
  formFixMany: 'Please correct the {n} fields marked below.',
  formRequiredField: 'This field is required.',
  formCheck: 'Check this box to continue.',
  formChooseOne: 'Choose an option.',
  formChooseSome: 'Choose at least one option.',
  formTooShort: 'Enter at least {n} characters.',
  formTooLong: 'Enter at most {n} characters.',
  formNumber: 'Enter a number.',
  formNumberRange: 'Enter a number from {min} to {max}.',
  formNumberMin: 'Enter a number of at least {min}.',
  formNumberMax: 'Enter a number of at most {max}.',
  formDate: 'Enter a complete, valid date.',
  formDateRange: 'Choose a date from {min} to {max}.',
  formDateMin: 'Choose a date on or after {min}.',
  formDateMax: 'Choose a date on or before {max}.',
  formControl: 'Remove tabs and other special characters.',
  formOption: 'Choose one of the listed options.',
  formSize: 'Your answers are too long to send. Please shorten them.',
  formInvalid: 'Check this value.',
} as const;

export type FormStrings = { readonly [K in keyof typeof FORM_EN]: string };
