import { createPinia } from 'pinia'
import { createApp } from 'vue'
import App from './App.vue'
import { tellMainWhenPainted } from './tell-main-painted'
import './styles/base.css'
import './styles/shell.css'
import './styles/publish.css'
import './styles/library.css'
import './styles/account.css'
import './styles/settings.css'

createApp(App).use(createPinia()).mount('#app')
tellMainWhenPainted()
