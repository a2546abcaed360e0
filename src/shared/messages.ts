/**
 * Every English string of the product (spec §2, §5, §8), in one place. The interface is English only;
 * `t` looks a key up in the active language and falls back to English.
 */
export const en = {
  appName: 'Company Admin',
  welcome: 'Welcome, {name}',
  serverError: 'An error occurred on the server, please try again',
  serverErrorBody: 'Server Error',
  serverUnreachable: 'The server cannot be reached. Check your connection and try again.',
  unauthenticated: 'Unauthenticated.',
  unauthorized: 'This action is unauthorized.',
  // Database refusals that validation cannot see in advance (races, characters PostgreSQL cannot store)
  invalidCredentials: 'The user credentials were incorrect.',
  passwordChanged: 'password changed successfully',
  passwordCreated: 'password created successfully',
  profileUpdated: 'Profile has been successfully updated',
  preferencesSaved: 'Preferences have been saved',
  loggedOut: 'Successfully logged out',
  tokenExpiredTitle: 'The token has expired',
  tokenExpiredText: 'Please do a password reset request again.',
  forgotPasswordSuccess: 'Password reset has been sent to your email.',
  notFoundTitle: '404 Page Not Found',
  notFoundText: "Oopps. The page you were looking for doesn't exist...",
  backToHome: 'Back to Home',
  unexpectedError: 'Unexpected Application Error!',
  chunkLoadError: 'ChunkLoadError',
  cssChunkLoadFailed: 'CSS_CHUNK_LOAD_FAILED',
  chunkReloadText: 'A new version of the application may be available, or the connection was interrupted.',
  reload: 'Reload',
  newVersionAvailable: 'A new version is available',
  noAccessTitle: 'No access',
  noAccessText: 'You do not have permission to view this page.',
  uploadHint: 'Recommended size {width} x {height} px, maximum file size {size}',
  altTextHint: 'What the {item} shows, for people who cannot see it (required with a picture)',
  uploadTooSmall:
    'This picture is {width} x {height} px, smaller than the recommended {rwidth} x {rheight} px: it may look blurred.',
  uploadOtherShape:
    'This picture is {width} x {height} px, another shape than the recommended {rwidth} x {rheight} px: it may be cropped.',
  documentHint: 'PDF, maximum file size {size}',
  // Buttons (spec §2)
  save: 'Save',
  cancel: 'Cancel',
  delete: 'Delete',
  login: 'Login',
  back: 'Back',
  resetPassword: 'Reset Password',
  submit: 'Submit',
  // Header and screens
  viewProfile: 'View Profile',
  themeLight: 'Light theme',
  themeDark: 'Dark theme',
  themeSystem: 'Theme of the system',
  skipToContent: 'Skip to main content',
  changePassword: 'Change Password',
  logout: 'Logout',
  menu: 'Menu',
  openMenu: 'Open menu',
  closeMenu: 'Close menu',
  profile: 'Profile',
  dashboard: 'Dashboard',
  signInTitle: 'Sign in',
  forgotPasswordTitle: 'Forgot Password',
  forgotPasswordLink: 'Forgot password?',
  forgotPasswordIntro:
    'Enter the e-mail address of your account and we will send you a link to reset your password.',
  backToLogin: 'Back to Login',
  resetPasswordTitle: 'Reset Password',
  unsavedChanges: 'You have unsaved changes. Leave this page anyway?',
  // Statuses (spec §3)
  active: 'Active',
  notActive: 'Not Active',
  // Date presets (spec §2)
  lastDays: 'Last {days} Days',
  // Product validation templates (spec §5)
  required: '{item} is required',
  emailMismatch: '{item} does not match',
  min: '{item} min {min} character',
  max: '{item} max {max} character',
  confirmationMismatch: '{item} you entered does not match',
  invalid: '{item} is invalid',
  // Generic form messages (spec §5), used as Yup's locale
  genericRequired: 'Please enter {label}',
  genericWhitespace: 'cannot be a blank character',
  genericStringMin: '{label} must be at least {min} characters',
  genericStringMax: '{label} cannot be longer than {max} characters',
  genericNumberMin: '{label} cannot be less than {min}',
  genericNumberMax: '{label} cannot be greater than {max}',
  genericArrayMin: '{label} must have at least {min} items',
  genericArrayMax: '{label} cannot have more than {max} items',
  genericPattern: '{label} does not match pattern {regex}',
  genericType: '{label} is not a valid {type}',
  // Success texts (spec §8)
  created: '{item} has been successfully created',
  updated: '{item} has been successfully updated',
  deleted: '{item} has been successfully deleted',
  imported: '{item} has been successfully imported',
  // Server validation answers
  // Form building blocks
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  formHasError: '1 field needs attention',
  formHasErrors: '{count} fields need attention',
  // Drafts kept locally, and the session ending
  draftFound: 'You have unsaved changes from {time}',
  sessionEnding: 'Your session ends in {seconds} s — stay signed in',
  sessionEndingText: 'Enter your password to stay signed in. Nothing you typed is lost.',
  sessionEnded: 'Your session has ended',
  sessionEndedText: 'Sign in again to continue. The screen stays as it is.',
  sessionEndedSavingText:
    'Sign in again to continue. The screen stays as it is, and what you were saving is saved once you have.',
  sessionRanOut: 'Your session has ended. Sign in again to continue.',
  staySignedIn: 'Stay signed in',
  signInAgain: 'Sign in',
  otherUserWarning:
    'Signing in as another user discards the unsaved changes on this screen; they are not saved for that user.',
  sessionUserSwitched:
    'You are now signed in as {name}. The unsaved changes of the previous user were discarded.',
  // Dashboard and profile
  // Landmarks and busy states (accessible names)
  mainMenu: 'Main menu',
  menuNewCount: '{count} new',
  breadcrumb: 'breadcrumb',
  loading: 'Loading',
  // A number or date the database cannot hold (an id past its integer range, the year 0)
  // Password policy (src/shared/passwordPolicy.ts)
  passwordTooCommon: '{item} is one of the most common passwords; choose another',
  passwordPersonal: '{item} must not contain your name or e-mail address',
  // An administrator setting another user's password (the user's form)
  passwordPersonalOfUser: "{item} must not contain the user's name or e-mail address",
  passwordOrganisation: "{item} must not contain the company's or the product's name",
  passwordUnchanged: '{item} must differ from your current password',
  // A route the resource's permission group has no action for (pages cannot be created)
  // The audit line of a detail form
  createdBy: 'Created {date} by {name}',
  createdOn: 'Created {date}',
  updatedBy: 'Last updated {date} by {name}',
  updatedOn: 'Last updated {date}',
} as const;

export type MessageKey = keyof typeof en;
export type Messages = Record<MessageKey, string>;

const languages: Record<string, Partial<Messages>> = { en };
export const FALLBACK_LANGUAGE = 'en';
let current = FALLBACK_LANGUAGE;

export function setLanguage(language: string): void {
  current = language in languages ? language : FALLBACK_LANGUAGE;
}

/** Fills `{name}` placeholders; unknown placeholders stay as written. */
export function format(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

export function t(key: MessageKey, params?: Record<string, string | number>): string {
  const template = languages[current]?.[key] ?? en[key];
  return format(template, params);
}

/** The product's validation templates (spec §5), used by the shared Yup schemas on both halves. */
export const validation = {
  required: (item: string) => t('required', { item }),
  email: (item: string) => t('emailMismatch', { item }),
  min: (item: string, min: number) => t('min', { item, min }),
  max: (item: string, max: number) => t('max', { item, max }),
  confirmation: (item: string) => t('confirmationMismatch', { item }),
  invalid: (item: string) => t('invalid', { item }),
};

/** '{item} has been successfully created / updated / deleted / imported' (spec §8). */
export const success = {
  created: (item: string) => t('created', { item }),
  updated: (item: string) => t('updated', { item }),
  deleted: (item: string) => t('deleted', { item }),
  imported: (item: string) => t('imported', { item }),
};

/** Form field labels (spec §3 'Form field labels seen'), shared by forms and the server's 422 texts. */
export const LABELS = {
  email: 'Email',
  password: 'Password',
  currentPassword: 'Current Password',
  newPassword: 'New Password',
  passwordConfirmation: 'Password Confirmation',
  name: 'Name',
  phoneNumber: 'Phone Number',
  role: 'Role',
  status: 'Status',
  photo: 'Photo',
  token: 'Token',
  theme: 'Theme',
  // Catalogue (spec §3 Product, Content fields)
  slug: 'Slug',
  logo: 'Logo',
  image: 'Image',
  mobileImage: 'Image Mobile',
  altText: 'Alt text',
  description: 'Description',
  brand: 'Brand',
  category: 'Category',
  otherBrand: 'Other Brand',
  model: 'Model',
  function: 'Function',
  specification: 'Specification',
  overview: 'Overview',
  application: 'Application',
  document: 'Document',
  catalogue: 'Catalogue',
  metaTitle: 'Meta Title',
  metaDescription: 'Meta Description',
  metaKeyword: 'Meta Keyword',
  createdAt: 'Created At',
  updatedAt: 'Updated At',
  // Content fields (spec §3)
  title: 'Title',
  date: 'Date',
  summary: 'Summary',
  banner: 'Banner',
  link: 'Link',
  descriptionOne: 'Description One',
  descriptionTwo: 'Description Two',
  endDate: 'End Date',
  product: 'Product',
  products: 'Products',
  position: 'Position',
} as const;
