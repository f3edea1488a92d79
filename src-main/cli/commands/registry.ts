import type { Command } from '../command'
import { account } from './account'
import { currencies } from './currencies'
import { duplicate } from './duplicate'
import { get } from './get'
import { hotfolder, hotfolders, link, links, unlink } from './links'
import { list } from './list'
import { music } from './music'
import { payments } from './payments'
import { pdf } from './pdf'
import { plan } from './plan'
import { profile } from './profile'
import { queue } from './queue'
import { replace } from './replace'
import { skins } from './skins'
import { templates } from './templates'
import { upload } from './upload'
import { watch } from './watch'
import { whoami } from './whoami'

/** Every command, in the order the overview lists them. */
export const COMMANDS: readonly Command[] = [
  whoami,
  upload,
  replace,
  queue,
  list,
  get,
  pdf,
  duplicate,
  link,
  unlink,
  links,
  hotfolder,
  hotfolders,
  watch,
  account,
  plan,
  payments,
  profile,
  templates,
  skins,
  currencies,
  music
]
