import { createBrowserRouter } from 'react-router';
import { FullPageSpinner, RouteError } from './route-states';
import { RequireSession, RoleGate } from './session-gates';
import { ShellLayout } from './shell-layout';

/**
 * Every page is its own chunk; the shell and the gates load with the entry. The gates only hide
 * what a role cannot use: the server refuses it anyway (10108).
 */
export const router = createBrowserRouter(
  [
    {
      errorElement: <RouteError />,
      hydrateFallbackElement: <FullPageSpinner />,
      children: [
        {
          path: 'login',
          lazy: () =>
            import('../features/auth/pages/login-page').then((m) => ({ Component: m.LoginPage })),
        },
        {
          element: <RequireSession />,
          children: [
            {
              path: 'change-password',
              lazy: () =>
                import('../features/auth/pages/change-password-page').then((m) => ({
                  Component: m.ChangePasswordPage,
                })),
            },
            {
              element: <ShellLayout />,
              errorElement: <RouteError />,
              children: [
                {
                  index: true,
                  lazy: () =>
                    import('../features/overview/pages/overview-page').then((m) => ({
                      Component: m.OverviewPage,
                    })),
                },
                {
                  element: <RoleGate section="users" />,
                  children: [
                    {
                      path: 'users',
                      lazy: () =>
                        import('../features/users/pages/users-page').then((m) => ({
                          Component: m.UsersPage,
                        })),
                    },
                    {
                      path: 'users/:id',
                      lazy: () =>
                        import('../features/users/pages/user-detail-page').then((m) => ({
                          Component: m.UserDetailPage,
                        })),
                    },
                  ],
                },
                {
                  element: <RoleGate section="support" />,
                  children: [
                    {
                      path: 'support',
                      lazy: () =>
                        import('../features/support/pages/support-queue-page').then((m) => ({
                          Component: m.SupportQueuePage,
                        })),
                    },
                    {
                      path: 'support/canned',
                      lazy: () =>
                        import('../features/support/pages/canned-replies-page').then((m) => ({
                          Component: m.CannedRepliesPage,
                        })),
                    },
                    {
                      path: 'support/:id',
                      lazy: () =>
                        import('../features/support/pages/support-conversation-page').then((m) => ({
                          Component: m.SupportConversationPage,
                        })),
                    },
                  ],
                },
                {
                  element: <RoleGate section="kyc" />,
                  children: [
                    {
                      path: 'kyc',
                      lazy: () =>
                        import('../features/kyc/pages/kyc-queue-page').then((m) => ({
                          Component: m.KycQueuePage,
                        })),
                    },
                    {
                      path: 'kyc/:id',
                      lazy: () =>
                        import('../features/kyc/pages/kyc-review-page').then((m) => ({
                          Component: m.KycReviewPage,
                        })),
                    },
                  ],
                },
                {
                  element: <RoleGate section="outbox" />,
                  children: [
                    {
                      path: 'outbox',
                      lazy: () =>
                        import('../features/outbox/pages/outbox-page').then((m) => ({
                          Component: m.OutboxPage,
                        })),
                    },
                  ],
                },
                {
                  element: <RoleGate section="staff" />,
                  children: [
                    {
                      path: 'staff',
                      lazy: () =>
                        import('../features/staff/pages/staff-page').then((m) => ({
                          Component: m.StaffPage,
                        })),
                    },
                  ],
                },
                {
                  element: <RoleGate section="parameters" />,
                  children: [
                    {
                      path: 'parameters',
                      lazy: () =>
                        import('../features/params/pages/params-page').then((m) => ({
                          Component: m.ParamsPage,
                        })),
                    },
                  ],
                },
                {
                  element: <RoleGate section="instruments" />,
                  children: [
                    {
                      path: 'instruments',
                      lazy: () =>
                        import('../features/instruments/pages/instruments-page').then((m) => ({
                          Component: m.InstrumentsPage,
                        })),
                    },
                  ],
                },
                {
                  element: <RoleGate section="options" />,
                  children: [
                    {
                      path: 'options',
                      lazy: () =>
                        import('../features/trading/pages/options-products-page').then((m) => ({
                          Component: m.OptionsProductsPage,
                        })),
                    },
                  ],
                },
                {
                  element: <RoleGate section="earn" />,
                  children: [
                    {
                      path: 'earn',
                      lazy: () =>
                        import('../features/earn/pages/smart-products-page').then((m) => ({
                          Component: m.SmartProductsPage,
                        })),
                    },
                  ],
                },
                {
                  element: <RoleGate section="loans" />,
                  children: [
                    {
                      path: 'loans',
                      lazy: () =>
                        import('../features/loans/pages/loans-page').then((m) => ({
                          Component: m.LoansPage,
                        })),
                    },
                  ],
                },
                {
                  element: <RoleGate section="nfts" />,
                  children: [
                    {
                      path: 'nfts',
                      lazy: () =>
                        import('../features/nfts/pages/nfts-page').then((m) => ({
                          Component: m.NftsPage,
                        })),
                    },
                  ],
                },
                {
                  element: <RoleGate section="orders" />,
                  children: [
                    {
                      path: 'orders',
                      lazy: () =>
                        import('../features/trading/pages/orders-page').then((m) => ({
                          Component: m.OrdersPage,
                        })),
                    },
                  ],
                },
                {
                  element: <RoleGate section="funding" />,
                  children: [
                    {
                      path: 'funding/deposits',
                      lazy: () =>
                        import('../features/funding/pages/deposits-page').then((m) => ({
                          Component: m.DepositsPage,
                        })),
                    },
                    {
                      path: 'funding/withdrawals',
                      lazy: () =>
                        import('../features/funding/pages/withdrawals-page').then((m) => ({
                          Component: m.WithdrawalsPage,
                        })),
                    },
                    {
                      path: 'funding/addresses',
                      lazy: () =>
                        import('../features/funding/pages/addresses-page').then((m) => ({
                          Component: m.AddressesPage,
                        })),
                    },
                  ],
                },
                {
                  element: <RoleGate section="content" />,
                  children: [
                    {
                      path: 'content',
                      lazy: () =>
                        import('../features/content/pages/content-list-page').then((m) => ({
                          Component: m.ContentListPage,
                        })),
                    },
                    {
                      path: 'content/:id',
                      lazy: () =>
                        import('../features/content/pages/content-edit-page').then((m) => ({
                          Component: m.ContentEditPage,
                        })),
                    },
                  ],
                },
                {
                  element: <RoleGate section="audit" />,
                  children: [
                    {
                      path: 'audit',
                      lazy: () =>
                        import('../features/audit/pages/audit-page').then((m) => ({
                          Component: m.AuditPage,
                        })),
                    },
                  ],
                },
                {
                  path: '*',
                  lazy: () =>
                    import('./not-found-page').then((m) => ({ Component: m.NotFoundPage })),
                },
              ],
            },
          ],
        },
      ],
    },
  ],
  { basename: '/admin' },
);
