/**
 * Validation messages of docs/product/README.md#validation-and-messages, verbatim (including the old app's own
 * spelling, e.g. 'atleast', 'requied', and the leading spaces of the holding date messages).
 */
export const MESSAGES = {
  login: {
    usernameRequired: 'Username is required!',
    passwordRequired: 'Password is required!',
    passwordMin: 'Enter a valid password!',
    passwordMax: 'Password length exceeds 32 characters!',
  },
  signup: {
    firstNameRequired: 'First Name is required!',
    lastNameRequired: 'Last Name is required!',
    usernameRequired: 'Username is required!',
    emailRequired: 'Email is required!',
    passwordRequired: 'Password is required!',
    passwordMin: 'Password must be atleast 8 characters!',
    passwordMax: 'Password length exceeds 32 characters!',
    mobileInvalid: 'Enter a valid Mobile Number!',
  },
  user: {
    mobileInvalid: 'Enter a valid Mobile Number',
    roleRequired: 'Role is required!',
  },
  upload: {
    typeRequired: 'Please select a file type.',
    fileTypeInvalid: 'Only .csv or .xlsx/.xls files are supported.',
    unknownType: 'Please, choose any file type!',
    failed: 'Upload failed. Please try again.',
    completed: 'Upload completed.',
    /** The bulk backfill also takes zip archives of bhavcopies (docs/product/uploads.md#bulk-backfill). */
    batchFileTypeInvalid: 'Only .csv, .xlsx/.xls or .zip files are supported.',
  },
  broker: {
    nameRequired: 'Name is required!',
    addressRequired: 'Address is required!',
    contactNumberRequired: 'Contact Number is required!',
    contactNumberInvalid: 'Enter a valid Contact Number',
  },
  name: { required: 'Name is required!' },
  charge: {
    brokerageFirmRequired: 'Brokerage Firm is required!',
    chargeTypeRequired: 'Charge Type is required!',
    segmentRequired: 'Segment is required!',
    amountRequired: 'Amount is required!',
    percentageRequired: 'Percentage is required!',
    exchangeRequired: 'Exchange is required!',
    onBuySellRequired: 'Buy/Sell is required!',
    effectiveDateRequired: 'EffectiveDate is required!',
  },
  holding: {
    symbolRequired: 'Symbol is required!',
    currentPriceRequired: 'Current Price is required!',
    priceRequired: 'Price is required!',
    exchangeRequired: 'Exchange is required!',
    quantityRequired: 'Quantity is required!',
    buyingDateRequired: ' Buying Date is required!',
    sellingDateRequired: ' Selling Date is required!',
  },
  contact: {
    firstNameRequired: 'First name is required!',
    lastNameRequired: 'Last name is required!',
    emailRequired: 'Email is required!',
    messageRequired: 'Message is required!',
  },
  financialInstrument: { typeRequired: 'Type is required!' },
  company: {
    companyNameRequired: 'Company Name is required!',
    industryRequired: 'Industry is required!',
    symbolRequired: 'Symbol is required!',
    seriesRequired: 'Series is required!',
    isinCodeRequired: 'Isin Code is required!',
    paidUpValueRequired: 'Paid Up Value is required!',
    dateOfListingRequired: 'Date Of Listing is required!',
    marketLotRequired: 'Market Lot is required!',
    faceValueRequired: 'Face Value is required!',
  },
  subscription: {
    nameRequired: 'Name is required!',
    descriptionRequired: 'Description is required!',
    priceRequired: 'Price is required!',
    durationInDaysRequired: 'Duration In Days is required!',
  },
  forgotPassword: {
    required: 'Email is requied!',
    invalid: 'Please enter email!',
  },
  resetPassword: {
    newPasswordRequired: 'New Password required!',
    mismatch: 'Passwords do not match!',
  },
  /** Failure and success texts of docs/product/README.md#validation-and-messages. */
  signupFailed: 'Something went wrong. Please try again.',
  /**
   * The one answer to a sign-up, whether or not the username or e-mail address was already taken, so the
   * form does not tell strangers who has an account (docs/product/auth.md#sign-up).
   */
  signupAnswer:
    'If this username and e-mail address are new, your account is ready: log in to continue. If either is already registered, log in or reset your password.',
  /** Profile: the current password is asked for when the e-mail address changes. */
  currentPasswordRequired: 'Enter your current password to change your e-mail address.',
  currentPasswordWrong: 'The current password is not correct.',
  profileUpdated: 'Profile updated successfully!',
} as const;

/** Success messages of docs/product/README.md#validation-and-messages, verbatim. */
export const SUCCESS_MESSAGES = {
  brokerAdded: 'Broker added successfully!',
  brokerUpdated: 'Broker Updated Successfully!',
  brokerDeleted: 'Broker deleted successfully!',
  userAdded: 'User added successfully!',
  userUpdated: 'User updated successfully!',
  userDeleted: 'User Deleted Successfully',
  roleAdded: 'Role added successfully!',
  roleEdited: 'Role edited successfully!',
  segmentAdded: 'Segment added successfully!',
  segmentUpdated: 'Segment updated successfully!',
  chargeTypeAdded: 'Charge Type added successfully!',
  chargeTypeUpdated: 'Charge Type updated successfully!',
  chargeAdded: 'Charge added successfully!',
  chargeUpdated: 'Charge updated successfully!',
  chargeDeleted: 'Charge deleted successfully!',
  holdingAdded: 'Holding added successfully!',
  holdingUpdated: 'Holding Updated Successfully!',
  subscriptionAdded: 'Subscription added successfully!',
  subscriptionUpdated: 'Subscription Updated Successfully!',
  subscriptionDeleted: 'Subscription deleted successfully!',
  profileUpdated: 'Profile updated successfully!',
} as const;
