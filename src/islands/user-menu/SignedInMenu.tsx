import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import type { TFunction } from '../../i18n/translator.ts';
import { localizedPath } from '../../lib/locale-path.ts';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { QueryRoot } from '../query-root/QueryRoot.tsx';
import { signOutEverywhere, type AuthUser } from '../stores/auth.ts';
import { toast } from '../toast/toast-store.ts';
import { avatarInitial, shownName } from './avatar.ts';
import { nextItemIndex, openingFocus } from './menu-keys.ts';
import type { ImageAttributes } from '../../lib/images/image-url.ts';

interface Props {
  lang: Locale;
  t: TFunction;
  user: AuthUser;
}

export function SignedInMenu(props: Props) {
  return (
    <QueryRoot>
      <Menu {...props} />
    </QueryRoot>
  );
}

/**
 * The account picture through the site's /_image endpoint (signed by the server: `avatar` of GET
 * /users), over the initial (shown until it loads, and when it fails).
 */
function Avatar({ user, image }: { user: AuthUser; image: ImageAttributes | undefined }) {
  return (
    <span className="relative inline-flex h-8 w-8 items-center justify-center overflow-hidden rounded-full bg-brand-600 text-sm font-semibold text-white">
      <span aria-hidden="true">{avatarInitial(user)}</span>
      {image && (
        <img
          src={image.src}
          srcSet={image.srcset}
          sizes={image.sizes}
          alt=""
          width={32}
          height={32}
          className="absolute inset-0 h-full w-full object-cover"
        />
      )}
    </span>
  );
}

const itemClass =
  'block w-full rounded-md px-3 py-2 text-start text-sm text-slate-700 hover:bg-slate-100 focus:bg-slate-100 focus:outline-none dark:text-slate-200 dark:hover:bg-slate-800 dark:focus:bg-slate-800';

/** The account menu: menu button pattern (Enter/Space/↓ open, ↑/↓/Home/End move, Esc closes). */
function Menu({ lang, t, user }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const container = useRef<HTMLDivElement>(null);
  const items = useRef<(HTMLElement | null)[]>([]);
  const pendingFocus = useRef<'first' | 'last' | null>(null);
  const { data: apiUser } = useCurrentUser();

  const entries = [
    { key: 'yourNodes', href: localizedPath(lang, '/nodes'), label: t('userMenu.yourNodes') },
    { key: 'account', href: localizedPath(lang, '/account'), label: t('userMenu.account') },
    ...(apiUser?.isAdmin
      ? [{ key: 'adminDashboard', href: localizedPath(lang, '/admin'), label: t('userMenu.adminDashboard') }]
      : []),
  ];
  const count = entries.length + 1;

  const focusItem = (index: number) => items.current[index]?.focus();
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) trigger.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    if (pendingFocus.current) focusItem(pendingFocus.current === 'first' ? 0 : count - 1);
    pendingFocus.current = null;
    const onPointer = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open, count]);

  const onTriggerKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const focus = openingFocus(event.key);
    if (!focus) return;
    event.preventDefault();
    pendingFocus.current = focus;
    if (open) focusItem(focus === 'first' ? 0 : count - 1);
    else setOpen(true);
  };

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
      return;
    }
    if (event.key === 'Tab') {
      setOpen(false);
      return;
    }
    const current = items.current.findIndex((el) => el === document.activeElement);
    const next = nextItemIndex(event.key, current, count);
    if (next === null) return;
    event.preventDefault();
    focusItem(next);
  };

  const logout = async () => {
    setBusy(true);
    try {
      await signOutEverywhere();
      // Land on a page that says so (a sign-in gate on this page would send the reader to login).
      window.location.replace(localizedPath(lang, '/logout'));
    } catch (error) {
      toast.error(t('logout.error', { error: error instanceof Error ? error.message : String(error) }));
      setBusy(false);
    }
  };

  const name = shownName(user);
  return (
    <div ref={container} className="relative" data-testid="user-menu">
      <button
        ref={trigger}
        type="button"
        id={`${id}-button`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={onTriggerKey}
        className="inline-flex h-10 items-center gap-2 rounded-lg px-2 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
        data-testid="user-menu-button"
      >
        <Avatar user={user} image={apiUser?.avatar} />
        {/* The name comes from the content (not aria-label), so speech input can say what is seen. */}
        <span className="sr-only">{t('userMenu.open')}: </span>
        <span className="sr-only md:not-sr-only md:inline-block md:max-w-[12rem] md:truncate">
          <bdi>{name || t('userMenu.defaultName')}</bdi>
        </span>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
        </svg>
      </button>
      {open && (
        <div
          className="absolute end-0 z-40 mt-2 w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900"
          onKeyDown={onMenuKey}
        >
          <div
            className="border-b border-slate-200 px-3 pt-1 pb-2 dark:border-slate-700"
            data-testid="user-menu-header"
          >
            {/* <bdi> isolates a Latin name or address inside Arabic without changing the alignment. */}
            <p className="truncate text-sm font-semibold text-slate-900 dark:text-white">
              <bdi>{user.displayName?.trim() || t('userMenu.defaultName')}</bdi>
            </p>
            {user.email && (
              <p className="truncate text-sm text-slate-600 dark:text-slate-400" title={user.email}>
                <bdi dir="ltr">{user.email}</bdi>
              </p>
            )}
          </div>
          <div role="menu" id={`${id}-menu`} aria-labelledby={`${id}-button`} className="mt-1 flex flex-col">
            {entries.map((entry, index) => (
              <a
                key={entry.key}
                ref={(el) => {
                  items.current[index] = el;
                }}
                role="menuitem"
                tabIndex={-1}
                href={entry.href}
                className={itemClass}
                data-testid={`user-menu-${entry.key}`}
              >
                {entry.label}
              </a>
            ))}
            <div role="separator" className="my-1 border-t border-slate-200 dark:border-slate-700" />
            <button
              ref={(el) => {
                items.current[entries.length] = el;
              }}
              type="button"
              role="menuitem"
              tabIndex={-1}
              disabled={busy}
              onClick={() => void logout()}
              className={itemClass}
              data-testid="user-menu-logout"
            >
              {busy ? t('logout.working') : t('userMenu.logout')}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
