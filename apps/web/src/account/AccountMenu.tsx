// The header's account control: "Sign in" when the server offers sign-in, the account menu
// (who is signed in, Sign out) once signed in, nothing when there is no server or sign-in is off.

import { LogIn, LogOut, UserRound } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/services-context.tsx';
import { useDisclosure } from '../ui/use-disclosure.ts';
import type { AccountServices } from './account-services.ts';
import './account.css';

export function AccountMenu() {
  const { account } = useServices();
  return account ? <AccountControl account={account} /> : null;
}

function AccountControl({ account }: { account: AccountServices }) {
  const { t } = useTranslation();
  const state = useSyncExternalStore(account.subscribe, account.getState);
  const { open, setOpen, toggle, panelId, container, button } = useDisclosure();

  if (state.status === 'unavailable') return null;

  if (state.status === 'signed-out') {
    const [only] = state.providers;
    const single = state.providers.length === 1 && only;
    return (
      <div className="account-menu" ref={container}>
        <button
          ref={button}
          type="button"
          className="app-header-icon-button"
          disabled={state.busy}
          {...(single
            ? {
                onClick: () => void account.signIn(only.id),
                title: t('account.signInWith', { provider: only.displayName }),
              }
            : { 'aria-expanded': open, 'aria-controls': panelId, onClick: toggle })}
        >
          <LogIn className="icon-mirror" aria-hidden="true" size={20} />
          <span>{t('account.signIn')}</span>
        </button>
        {single ? null : (
          <div
            id={panelId}
            className="settings-panel account-panel"
            hidden={!open}
            role="group"
            aria-label={t('account.signIn')}
          >
            {state.providers.map((provider) => (
              <button
                key={provider.id}
                type="button"
                className="button button-secondary account-action"
                onClick={() => void account.signIn(provider.id)}
              >
                {t('account.signInWith', { provider: provider.displayName })}
              </button>
            ))}
          </div>
        )}
        {state.problem ? (
          <p className="account-problem" role="alert">
            {t('account.signInFailed')}{' '}
            <button type="button" className="account-dismiss" onClick={() => account.dismissProblem()}>
              {t('common.dismiss')}
            </button>
          </p>
        ) : null}
      </div>
    );
  }

  const { profile } = state;
  const shownName = profile.idp.displayName || profile.username;
  const picture = profile.avatarUrl ?? profile.idp.picture.dataUrl ?? null;
  return (
    <div className="account-menu" ref={container}>
      <button
        ref={button}
        type="button"
        className="app-header-icon-button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('account.menuFor', { name: shownName })}
        onClick={toggle}
      >
        {picture ? <img className="account-avatar" src={picture} alt="" /> : <UserRound aria-hidden="true" size={20} />}
        <span className="account-name">{profile.username}</span>
      </button>
      <div
        id={panelId}
        className="settings-panel account-panel"
        hidden={!open}
        role="group"
        aria-label={t('account.menu')}
      >
        <p className="account-who">
          {t('account.signedInAs')} <strong>{shownName}</strong>
          <span className="account-username">{profile.username}</span>
        </p>
        <button
          type="button"
          className="button button-secondary account-action"
          disabled={state.busy}
          onClick={() => {
            setOpen(false);
            void account.signOut();
          }}
        >
          <LogOut className="icon-mirror" aria-hidden="true" size={20} />
          {t('account.signOut')}
        </button>
      </div>
    </div>
  );
}
