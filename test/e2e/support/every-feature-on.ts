import type { SettingValue } from '../../emulator/state/types'

/**
 * An item's settings with every feature of the details switched on and given words of its own
 * (password, lead form with every question, both buttons, sale, approval, AI assistant, a
 * background image and music, some share networks off): the details panel then shows nearly
 * every label it has, the longest ones included.
 */
export const EVERY_FEATURE_ON: Record<string, SettingValue> = {
  AutoFlipInSecs: 5,
  IsPrint: true,
  IsDownload: true,
  IsNotes: true,
  IsHardCover: true,
  BackgroundIMG: 'https://cdn.example.com/backdrop.jpg',
  BackgroundMusic: 'Calm piano',
  IsBackgroundMusicLoop: true,
  CustomLoadingText: 'Opening the catalogue',
  IsShareWeChat: false,
  IsShareLine: false,
  IsShareReddit: false,
  IsCTAButton: true,
  CTAButtonURL: 'https://example.com/order',
  IsCTAButton2: true,
  CTAButtonURL2: 'https://example.com/contact',
  IsPasswordProtected: true,
  Password: 'catalogue-2026',
  IsLeadCapture: true,
  IsLeadAllowSkip: true,
  IsLeadName: true,
  IsLeadPhone: true,
  IsLeadPhoneMandatory: true,
  IsLeadCompany: true,
  IsLeadCustom1: true,
  Custom1Label: 'Favourite colour',
  IsLeadPrivacyPolicy: true,
  PrivacyPolicyURL: 'https://example.com/privacy',
  LeadFormAfterPages: 3,
  IsVerifyEmail: true,
  NotificationsEmail: 'leads@example.com',
  WebhookURL_NewLead: 'https://hooks.example.com/lead',
  IsForSale: true,
  SaleCurr: 'EUR',
  SaleAmount: 12.5,
  SalePageTitle: 'Spring prices',
  SaleGatewayName: 'Stripe',
  SaleGatewayKey: 'pk-spring',
  IsApprovalButton: true,
  IsVA: true,
  AIProvider: 'OpenAI',
  AIKey: 'ai-spring',
  VAText: 'Ask me about the catalogue',
  VAButtonStatus1: 'Thinking'
}
