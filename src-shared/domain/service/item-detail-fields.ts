import type { DetailGroupId } from './item-details'

/**
 * What a value of the record is, so every place that shows details formats it the same way:
 * On/Off for toggles, a swatch for colours, names for skins, dates in the reader's locale.
 */
export type DetailKind =
  | 'toggle'
  | 'text'
  | 'color'
  | 'url'
  | 'email'
  | 'date'
  | 'count'
  | 'number'
  | 'seconds'
  | 'pages'
  | 'skin'
  | 'music'
  | 'money'
  | 'credential'
  | 'image'
  | 'kind'
  | 'id'

/** How one field of the record is shown to people. */
export interface DetailFieldInfo {
  /** In designers' words, never the API's spelling. */
  label: string
  kind: DetailKind
  /**
   * The setting this one belongs to: while that toggle is off (or that value is unset, for
   * a background image or music), this one does nothing and is not shown.
   */
  partOf?: string
  /** Said by another field already (a skin's name by its ID): only listed under "All fields". */
  allFieldsOnly?: true
}

const toggle = (label: string, partOf?: string): DetailFieldInfo => ({ label, kind: 'toggle', ...(partOf ? { partOf } : {}) })
const text = (label: string, partOf?: string): DetailFieldInfo => ({ label, kind: 'text', ...(partOf ? { partOf } : {}) })
const color = (label: string, partOf?: string): DetailFieldInfo => ({ label, kind: 'color', ...(partOf ? { partOf } : {}) })
const url = (label: string, partOf?: string): DetailFieldInfo => ({ label, kind: 'url', ...(partOf ? { partOf } : {}) })

/** The networks of the share menu, by the words their own brands use. */
const SHARE_NETWORKS: Record<string, string> = {
  IsShareFacebook: 'Facebook',
  IsShareTwitter: 'X (Twitter)',
  IsShareWhatsApp: 'WhatsApp',
  IsShareTelegram: 'Telegram',
  IsShareLinkedIn: 'LinkedIn',
  IsSharePinterest: 'Pinterest',
  IsShareReddit: 'Reddit',
  IsShareTumblr: 'Tumblr',
  IsShareMessenger: 'Messenger',
  IsShareEmail: 'E-mail',
  IsShareLine: 'LINE',
  IsShareWeChat: 'WeChat',
  IsShareInstagram: 'Instagram',
  IsShareFlipboard: 'Flipboard',
  IsShareGeneral: 'Other apps'
}

/** The questions a lead form may ask, in the order the record lists them. */
const LEAD_QUESTIONS: [field: string, label: string, labelField: string][] = [
  ['Email', 'e-mail', 'LeadEmail'],
  ['Name', 'name', 'LeadName'],
  ['Phone', 'phone number', 'LeadPhone'],
  ['Company', 'company', 'LeadCompany'],
  ['Date', 'date', 'LeadDate'],
  ['Custom1', 'custom question 1', 'Custom1Label'],
  ['Custom2', 'custom question 2', 'Custom2Label']
]

function leadQuestions(): Record<string, DetailFieldInfo> {
  const fields: Record<string, DetailFieldInfo> = {}
  for (const [field, label, labelField] of LEAD_QUESTIONS) {
    const asks = `IsLead${field}`
    fields[asks] = toggle(`Asks for ${label}`, 'IsLeadCapture')
    fields[`IsLead${field}Mandatory`] = toggle(`${label.charAt(0).toUpperCase()}${label.slice(1)} required`, asks)
    fields[labelField] = text(`${label.charAt(0).toUpperCase()}${label.slice(1)} field label`, asks)
  }
  return fields
}

function shareNetworks(): Record<string, DetailFieldInfo> {
  return Object.fromEntries(Object.entries(SHARE_NETWORKS).map(([field, label]) => [field, toggle(label, 'IsShare')]))
}

/**
 * Every field the details show, with its words and kind (service-api.md §2.6). The record
 * documents no defaults, so "nothing set" is read from the values themselves: empty texts,
 * zeros where zero means "not used", and settings of a feature that is switched off.
 */
export const DETAIL_FIELD_INFO: Record<string, DetailFieldInfo> = {
  ID: { label: 'Item number', kind: 'id' },
  Name: text('Name (yours, in FlipDrop and the dashboard)'),
  Title: text('Title (readers see this)'),
  Description: text('Description'),
  DocType: { label: 'Kind', kind: 'kind' },
  Folder: text('Folder'),
  CustomURL: text('Link ending'),
  FullURL: url('Link'),
  EmbedURL: url('Embed link'),
  URLPrefix: url('Viewer address'),
  CNAME: text('Custom domain'),
  CreatedOn: { label: 'Created', kind: 'date' },
  ValidTillDate: { label: 'Available until', kind: 'date' },
  Pages: { label: 'Pages', kind: 'count' },
  NoOfViews: { label: 'Views', kind: 'count' },
  NoOfLeads: { label: 'Leads', kind: 'count' },
  NoOfSales: { label: 'Sales', kind: 'count' },
  NoOfApprovals: { label: 'Approvals', kind: 'count' },
  IsPublished: toggle('Published'),
  IsActive: toggle('Active'),
  IsStarred: toggle('Starred'),
  IsTemplate: toggle('Used as a template'),

  SkinID: { label: 'Skin', kind: 'skin' },
  SkinName: { label: 'Skin name', kind: 'text', allFieldsOnly: true },
  ColorPanel: color('Toolbar colour'),
  ColorBackground: color('Background colour'),
  ColorLink: color('Link colour'),
  TitleColor: color('Title colour'),
  PageTurnMode: text('Page turn'),
  BookLayout: { label: 'Page layout', kind: 'number' },
  Shadowdepth: { label: 'Shadow depth', kind: 'number' },
  // Its numbers are not documented: not shown as if they meant something, only under "All fields".
  ScrollBehaviour: { label: 'Scrolling mode', kind: 'number', allFieldsOnly: true },
  PageDepth: text('Page thickness'),
  CoverType: text('Cover'),
  AutoFlipInSecs: { label: 'Turns pages by itself every', kind: 'seconds' },
  BackgroundIMG: { label: 'Background image', kind: 'image' },
  BackgroundDisplayFit: text('Background fit', 'BackgroundIMG'),
  BackgroundFillDirection: text('Background position', 'BackgroundIMG'),
  LogoIMG: { label: 'Logo', kind: 'image' },
  LogoURL: url('Logo opens', 'LogoIMG'),
  BackgroundMusic: { label: 'Background music', kind: 'music' },
  IsBackgroundMusicLoop: toggle('Music loops', 'BackgroundMusic'),
  CustomLoadingText: text('Loading message'),
  TopLeft: text('Top-left corner'),
  TopRight: text('Top-right corner'),
  BottomLeft: text('Bottom-left corner'),
  BottomRight: text('Bottom-right corner'),
  IsPrint: toggle('Printing'),
  IsDownload: toggle('Download button'),
  IsTextSelection: toggle('Text selection'),
  IsThumbnails: toggle('Page thumbnails'),
  IsPinnedThumbnails: toggle('Thumbnails always shown', 'IsThumbnails'),
  IsSound: toggle('Page-turn sound'),
  IsFullscreen: toggle('Full-screen button'),
  IsZoom: toggle('Zoom'),
  IsSearch: toggle('Search'),
  IsFixedZoomMode: toggle('Fixed zoom', 'IsZoom'),
  IsHardCover: toggle('Hard cover'),
  IsBookThickness: toggle('Book thickness'),
  IsLinkHighlight: toggle('Links highlighted'),
  IsRightToLeft: toggle('Reads right to left'),
  IsShowControls: toggle('Viewer controls'),
  IsShowLogoMobile: toggle('Logo on phones'),
  IsNoIndex: toggle('Hidden from search engines'),
  IsNotes: toggle('Reader notes'),
  IsNavFirstLast: toggle('First and last page buttons'),

  IsShare: toggle('Share button'),
  IsShareButtons: toggle('Share buttons beside the pages', 'IsShare'),
  ...shareNetworks(),

  IsCTAButton: toggle('First button'),
  CTAButtonText: text('First button words', 'IsCTAButton'),
  CTAButtonColor: color('First button colour', 'IsCTAButton'),
  CTAButtonTextColor: color('First button text colour', 'IsCTAButton'),
  CTAButtonURL: url('First button opens', 'IsCTAButton'),
  IsCTAButton2: toggle('Second button'),
  CTAButtonText2: text('Second button words', 'IsCTAButton2'),
  CTAButtonColor2: color('Second button colour', 'IsCTAButton2'),
  CTAButtonTextColor2: color('Second button text colour', 'IsCTAButton2'),
  CTAButtonURL2: url('Second button opens', 'IsCTAButton2'),
  IsCTAHiddenInPreview: toggle('Hidden in previews'),

  IsPasswordProtected: toggle('Password protection'),
  Password: { label: 'Password', kind: 'credential', partOf: 'IsPasswordProtected' },
  PwdTitle: text('Prompt', 'IsPasswordProtected'),
  PwdPlaceholder: text('Field hint', 'IsPasswordProtected'),
  PwdButton: text('Button words', 'IsPasswordProtected'),

  IsLeadCapture: toggle('Lead form'),
  LeadCaptureTitle: text('Form title', 'IsLeadCapture'),
  IsLeadAllowSkip: toggle('Readers may skip it', 'IsLeadCapture'),
  LeadSkipText: text('Skip button words', 'IsLeadAllowSkip'),
  LeadButton: text('Send button words', 'IsLeadCapture'),
  ...leadQuestions(),
  IsLeadPrivacyPolicy: toggle('Privacy policy box', 'IsLeadCapture'),
  PrivacyPolicyURL: url('Privacy policy link', 'IsLeadPrivacyPolicy'),
  PrivacyPolicyText: text('Privacy policy words', 'IsLeadPrivacyPolicy'),
  LeadFormAfterPages: { label: 'Form appears after', kind: 'pages', partOf: 'IsLeadCapture' },
  LeadAfterPages: { label: 'Form required after', kind: 'pages', partOf: 'IsLeadCapture' },
  LeadPhoneCountry: text('Phone country', 'IsLeadPhone'),
  IsVerifyEmail: toggle('Checks e-mail addresses', 'IsLeadCapture'),
  IsVerifyMobile: toggle('Checks phone numbers', 'IsLeadCapture'),
  EmailsAllowed: text('E-mail addresses allowed', 'IsLeadCapture'),
  EmailVerifyTitleText: text('Check title', 'IsVerifyEmail'),
  EmailVerifyButtonText: text('Check button words', 'IsVerifyEmail'),
  TwillioAPIKey: { label: 'Text-message provider key', kind: 'credential', partOf: 'IsVerifyMobile' },
  NotificationsEmail: { label: 'New leads are sent to', kind: 'email', partOf: 'IsLeadCapture' },
  IsSendEmailOnView: toggle('E-mail on every view'),
  GoogleSheetURL: url('Google Sheet', 'IsLeadCapture'),
  GoogleSheetName: text('Sheet name', 'IsLeadCapture'),
  WebhookURL_NewLead: url('Webhook for new leads', 'IsLeadCapture'),
  PabblyWebhookURL_NewLead: url('Pabbly webhook for new leads', 'IsLeadCapture'),

  IsForSale: toggle('For sale'),
  SaleCurr: { label: 'Currency', kind: 'text', partOf: 'IsForSale', allFieldsOnly: true },
  SaleAmount: { label: 'Price', kind: 'money', partOf: 'IsForSale' },
  SalePageTitle: text('Sale page title', 'IsForSale'),
  SaleAccessPageTitle: text('Access page title', 'IsForSale'),
  SalePurchaseButtonText: text('Purchase button words', 'IsForSale'),
  SaleButtonText: text('Buy button words', 'IsForSale'),
  SaleAccessButtonText: text('Access button words', 'IsForSale'),
  SaleButtonColor: color('Buy button colour', 'IsForSale'),
  SaleGatewayName: text('Payment provider', 'IsForSale'),
  SaleGatewayKey: { label: 'Payment provider key', kind: 'credential', partOf: 'IsForSale' },
  SaleGatewaySecret: { label: 'Payment provider secret', kind: 'credential', partOf: 'IsForSale' },

  IsApprovalButton: toggle('Approval button'),
  ApprovalButtonText: text('Button words', 'IsApprovalButton'),
  ApprovalButtonColor: color('Button colour', 'IsApprovalButton'),
  ApprovalButtonTextColor: color('Button text colour', 'IsApprovalButton'),

  IsVA: toggle('AI assistant'),
  AIProvider: text('AI provider', 'IsVA'),
  AIKey: { label: 'AI provider key', kind: 'credential', partOf: 'IsVA' },
  VAButtonText: text('Button words', 'IsVA'),
  VAButtonColor: color('Button colour', 'IsVA'),
  VAButtonTextColor: color('Button text colour', 'IsVA'),
  VAText: text('Welcome message', 'IsVA'),
  VAButtonStatus1: text('Status message 1', 'IsVA'),
  VAButtonStatus2: text('Status message 2', 'IsVA'),
  VAButtonStatus3: text('Status message 3', 'IsVA'),
  VAButtonStatus4: text('Status message 4', 'IsVA')
}

/**
 * The toggles that switch a group's feature on; while none is on, the group says only "Off".
 * Groups without one (appearance, identity) always show what is set.
 */
export const GROUP_SWITCHES: Partial<Record<DetailGroupId, readonly string[]>> = {
  sharing: ['IsShare'],
  'call-to-action': ['IsCTAButton', 'IsCTAButton2'],
  password: ['IsPasswordProtected'],
  'lead-capture': ['IsLeadCapture'],
  sale: ['IsForSale'],
  approval: ['IsApprovalButton'],
  assistant: ['IsVA']
}

/** The words of a field, or a readable fallback for one the table does not know (never the raw API name). */
export function detailFieldInfo(key: string): DetailFieldInfo {
  return DETAIL_FIELD_INFO[key] ?? { label: humanize(key), kind: 'text' }
}

/** `IsLeadPrivacyPolicy` → "Lead privacy policy": a last resort, for a field added to the groups without words. */
function humanize(key: string): string {
  const words = key
    .replace(/^Is(?=[A-Z])/, '')
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}
