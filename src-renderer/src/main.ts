import './startup/script-start'
import { createPinia } from 'pinia'
import { createApp } from 'vue'
import App from './App.vue'
import { i18n } from './i18n/i18n'
import { speakFirstLanguage } from './i18n/language-choice'
import { afterNextPaint } from './startup/after-paint'
import { markOnce, STARTUP_MARKS } from './startup/startup-marks'
import { tellMainWhenPainted } from './tell-main-painted'
import './styles/base.css'
import './styles/shell.css'
import './styles/publish.css'
import './styles/library.css'
import './styles/account.css'
import './styles/settings.css'
import './styles/page.css'
import './styles/watched.css'
import './styles/share.css'
import './styles/readers.css'
import './styles/right-to-left.css'

// The first paint speaks the chosen language: its catalog is a small local chunk.
await speakFirstLanguage()
createApp(App).use(createPinia()).use(i18n).mount('#app')
void afterNextPaint().then(() => markOnce(STARTUP_MARKS.firstPaint))
void tellMainWhenPainted()
