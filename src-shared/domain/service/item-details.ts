import type { ItemSummary } from './item'

/**
 * Fields of the record (§2.6) that hold credentials. Their values never leave the main
 * process: the renderer only learns whether each one is set.
 */
export const CREDENTIAL_FIELDS = ['Password', 'SaleGatewayKey', 'SaleGatewaySecret', 'AIKey', 'TwillioAPIKey'] as const

export type CredentialField = (typeof CREDENTIAL_FIELDS)[number]

/** A plain value shown as it is; null when the record lacked it. */
export interface DetailValue {
  key: string
  value: string | number | boolean | null
}

/** A credential: only whether it is set (null when the record lacked the field). */
export interface DetailCredential {
  key: CredentialField
  credentialSet: boolean | null
}

export type DetailField = DetailValue | DetailCredential

export const DETAIL_GROUP_IDS = [
  'identity',
  'appearance',
  'sharing',
  'call-to-action',
  'password',
  'lead-capture',
  'sale',
  'approval',
  'assistant'
] as const

export type DetailGroupId = (typeof DETAIL_GROUP_IDS)[number]

/** How each group is titled wherever details are shown (the window, the command). */
export const DETAIL_GROUP_TITLES: Record<DetailGroupId, string> = {
  identity: 'Identity and links',
  appearance: 'Appearance',
  sharing: 'Sharing',
  'call-to-action': 'Call to action',
  password: 'Password',
  'lead-capture': 'Lead capture',
  sale: 'Sale',
  approval: 'Approval',
  assistant: 'Assistant'
}

export interface DetailGroup {
  id: DetailGroupId
  fields: DetailField[]
}

/** One item's full record, grouped the way a designer thinks, read-only and credential-free. */
export interface ItemDetails {
  summary: ItemSummary
  groups: DetailGroup[]
}

/** Which record fields each group shows, in order (§2.6); anything not listed is not shown. */
export const DETAIL_GROUP_FIELDS: Record<DetailGroupId, readonly string[]> = {
  identity: [
    'ID', 'Name', 'Title', 'Description', 'DocType', 'Folder', 'CustomURL', 'FullURL', 'EmbedURL', 'URLPrefix', 'CNAME',
    'CreatedOn', 'ValidTillDate', 'Pages', 'NoOfViews', 'NoOfLeads', 'NoOfSales', 'NoOfApprovals', 'IsPublished', 'IsActive',
    'IsStarred', 'IsTemplate'
  ],
  appearance: [
    'SkinID', 'SkinName', 'ColorPanel', 'ColorBackground', 'ColorLink', 'TitleColor', 'PageTurnMode', 'BookLayout', 'Shadowdepth',
    'ScrollBehaviour', 'PageDepth', 'CoverType', 'AutoFlipInSecs', 'LogoIMG', 'LogoURL', 'BackgroundIMG', 'BackgroundDisplayFit', 'BackgroundFillDirection',
    'BackgroundMusic', 'IsBackgroundMusicLoop', 'CustomLoadingText', 'TopLeft', 'TopRight', 'BottomLeft', 'BottomRight',
    'IsPrint', 'IsDownload', 'IsTextSelection', 'IsThumbnails', 'IsPinnedThumbnails', 'IsSound', 'IsFullscreen', 'IsZoom',
    'IsSearch', 'IsFixedZoomMode', 'IsHardCover', 'IsBookThickness', 'IsLinkHighlight', 'IsRightToLeft', 'IsShowControls',
    'IsShowLogoMobile', 'IsNoIndex', 'IsNotes', 'IsNavFirstLast'
  ],
  sharing: [
    'IsShare', 'IsShareButtons', 'IsShareFacebook', 'IsShareTwitter', 'IsShareWhatsApp', 'IsShareTelegram',
    'IsShareLinkedIn', 'IsSharePinterest', 'IsShareReddit', 'IsShareTumblr', 'IsShareMessenger', 'IsShareEmail',
    'IsShareLine', 'IsShareWeChat', 'IsShareInstagram', 'IsShareFlipboard', 'IsShareGeneral'
  ],
  'call-to-action': [
    'IsCTAButton', 'CTAButtonText', 'CTAButtonColor', 'CTAButtonTextColor', 'CTAButtonURL', 'IsCTAButton2', 'CTAButtonText2',
    'CTAButtonColor2', 'CTAButtonTextColor2', 'CTAButtonURL2', 'IsCTAHiddenInPreview'
  ],
  password: ['IsPasswordProtected', 'Password', 'PwdTitle', 'PwdPlaceholder', 'PwdButton'],
  'lead-capture': [
    'IsLeadCapture', 'LeadCaptureTitle', 'IsLeadAllowSkip', 'LeadSkipText', 'LeadButton', 'IsLeadEmail',
    'IsLeadEmailMandatory', 'LeadEmail', 'IsLeadName', 'IsLeadNameMandatory', 'LeadName', 'IsLeadPhone',
    'IsLeadPhoneMandatory', 'LeadPhone', 'IsLeadCompany', 'IsLeadCompanyMandatory', 'LeadCompany', 'IsLeadDate',
    'IsLeadDateMandatory', 'LeadDate', 'IsLeadCustom1', 'IsLeadCustom1Mandatory', 'Custom1Label', 'IsLeadCustom2',
    'IsLeadCustom2Mandatory', 'Custom2Label', 'IsLeadPrivacyPolicy', 'PrivacyPolicyURL', 'PrivacyPolicyText',
    'LeadFormAfterPages', 'LeadAfterPages', 'LeadPhoneCountry', 'IsVerifyEmail', 'IsVerifyMobile', 'EmailsAllowed',
    'EmailVerifyTitleText', 'EmailVerifyButtonText', 'TwillioAPIKey', 'NotificationsEmail', 'IsSendEmailOnView',
    'GoogleSheetURL', 'GoogleSheetName', 'WebhookURL_NewLead', 'PabblyWebhookURL_NewLead'
  ],
  sale: [
    'IsForSale', 'SaleCurr', 'SaleAmount', 'SalePageTitle', 'SaleAccessPageTitle', 'SalePurchaseButtonText', 'SaleButtonText',
    'SaleAccessButtonText', 'SaleButtonColor', 'SaleGatewayName', 'SaleGatewayKey', 'SaleGatewaySecret'
  ],
  approval: ['IsApprovalButton', 'ApprovalButtonText', 'ApprovalButtonColor', 'ApprovalButtonTextColor'],
  assistant: [
    'AIProvider', 'AIKey', 'IsVA', 'VAButtonText', 'VAButtonColor', 'VAButtonTextColor', 'VAText', 'VAButtonStatus1',
    'VAButtonStatus2', 'VAButtonStatus3', 'VAButtonStatus4'
  ]
}

/** Whether a detail field is a credential (shown only as set / not set). */
export function isCredential(field: DetailField): field is DetailCredential {
  return 'credentialSet' in field
}
