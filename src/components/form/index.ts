export { TextInput, type TextInputProps } from './TextInput';
export { FormTextField, type FormTextFieldProps } from './FormTextField';
export { FormSelectField, type FormSelectFieldProps } from './FormSelectField';
export { PasswordField, type PasswordFieldProps } from './PasswordField';
export { UploadField, checkUpload, type UploadFieldProps } from './UploadField';
export { FormActions, type FormActionsProps } from './FormActions';
export { SubmitButton, type SubmitButtonProps } from './SubmitButton';
export { RichTextField, richTextLicenseKey, type RichTextFieldProps } from './RichTextField';
export {
  useUnsavedChangesWarning,
  UnsavedChangesDialog,
  UnsavedChangesPrompt,
  type UnsavedChangesWarning,
  type UnsavedChangesDialogProps,
  type UnsavedChangesPromptProps,
} from './useUnsavedChangesWarning';
export { applyServerErrors, isApiError, type ApiErrorLike } from './serverErrors';
export { ServerFieldErrors, type ServerFieldErrorsProps } from './ServerFieldErrors';
export { validateWith } from './validateWith';
export { FormDraft, type FormDraftProps } from './FormDraft';
