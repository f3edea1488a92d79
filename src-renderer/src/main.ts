import './startup/script-start'
import { createPinia } from 'pinia'
import { createApp } from 'vue'
import App from './App.vue'
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

createApp(App).use(createPinia()).mount('#app')
void afterNextPaint().then(() => markOnce(STARTUP_MARKS.firstPaint))
void tellMainWhenPainted()
