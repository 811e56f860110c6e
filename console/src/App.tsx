import { Center, Loader } from "@mantine/core";
import { lazy, Suspense, useEffect } from "react";
import { Navigate, Route, Routes, useLocation, useNavigate } from "react-router";
import { forget, getCredentials, setUnauthorizedHandler } from "./api";
import { Layout } from "./components/Layout";
import { SignInPage } from "./pages/SignInPage";

// Each page is its own chunk: the first page loads only what it renders (docs/console.md, "Build and serve").
const TracesPage = lazy(() => import("./pages/TracesPage"));
const TracePage = lazy(() => import("./pages/TracePage"));
const SessionsPage = lazy(() => import("./pages/SessionsPage"));
const SessionPage = lazy(() => import("./pages/SessionPage"));
const PromptsPage = lazy(() => import("./pages/PromptsPage"));
const PromptPage = lazy(() => import("./pages/PromptPage"));
const DatasetsPage = lazy(() => import("./pages/DatasetsPage"));
const DatasetPage = lazy(() => import("./pages/DatasetPage"));
const ComparePage = lazy(() => import("./pages/ComparePage"));
const RunPage = lazy(() => import("./pages/RunPage"));
const NewExperimentPage = lazy(() => import("./pages/NewExperimentPage"));
const ReviewQueuesPage = lazy(() => import("./pages/ReviewQueuesPage"));
const ReviewPage = lazy(() => import("./pages/ReviewPage"));
const ApiKeysPage = lazy(() => import("./pages/ApiKeysPage"));
const MembersPage = lazy(() => import("./pages/MembersPage"));
const SsoProvidersPage = lazy(() => import("./pages/SsoProvidersPage"));
const MetricsPage = lazy(() => import("./pages/MetricsPage"));
const ScoresPage = lazy(() => import("./pages/ScoresPage"));
const EvaluatorsPage = lazy(() => import("./pages/EvaluatorsPage"));
const EvaluatorPage = lazy(() => import("./pages/EvaluatorPage"));
const IngestPage = lazy(() => import("./pages/IngestPage"));
const AuditLogPage = lazy(() => import("./pages/AuditLogPage"));
const ObservationsPage = lazy(() => import("./pages/ObservationsPage"));
const UsersPage = lazy(() => import("./pages/UsersPage"));
const PoliciesPage = lazy(() => import("./pages/PoliciesPage"));
const ModelPricesPage = lazy(() => import("./pages/ModelPricesPage"));
const AutomationsPage = lazy(() => import("./pages/AutomationsPage"));
const AccountPage = lazy(() => import("./pages/AccountPage"));
const ConsentPage = lazy(() => import("./pages/ConsentPage"));
const AlertsPage = lazy(() => import("./pages/AlertsPage"));
const ScoreConfigsPage = lazy(() => import("./pages/ScoreConfigsPage"));
const ProvidersPage = lazy(() => import("./pages/ProvidersPage"));
const EventSinkPage = lazy(() => import("./pages/EventSinkPage"));
const ScheduledExportsPage = lazy(() => import("./pages/ScheduledExportsPage"));
const PlaygroundPage = lazy(() => import("./pages/PlaygroundPage"));
const SharedTracePage = lazy(() => import("./pages/SharedTracePage"));

const fallback = (
  <Center h="50vh">
    <Loader aria-label="Loading" />
  </Center>
);

/** Pages that need a signed-in user; others go to sign in and come back. */
function RequireAuth({ children }: { children: React.ReactNode }) {
  const location = useLocation();
  if (!getCredentials())
    return <Navigate to={`/sign-in?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  return <Layout>{children}</Layout>;
}

export function App() {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    setUnauthorizedHandler(() => {
      forget();
      if (window.location.pathname !== "/sign-in")
        navigate(`/sign-in?next=${encodeURIComponent(window.location.pathname + window.location.search)}`, {
          replace: true,
        });
    });
  }, [navigate]);
  const page = (el: React.ReactNode) => (
    <RequireAuth>
      <Suspense fallback={fallback}>{el}</Suspense>
    </RequireAuth>
  );
  return (
    <Routes location={location}>
      <Route path="/sign-in" element={<SignInPage />} />
      {/* A share link's page is public: outside the signed-in shell, no session needed (docs/sharing.md). */}
      <Route
        path="/shared/:token"
        element={
          <Suspense fallback={fallback}>
            <SharedTracePage />
          </Suspense>
        }
      />
      <Route path="/" element={<Navigate to="/traces" replace />} />
      <Route path="/consent" element={page(<ConsentPage />)} />
      <Route path="/traces" element={page(<TracesPage />)} />
      <Route path="/traces/:id" element={page(<TracePage />)} />
      <Route path="/sessions" element={page(<SessionsPage />)} />
      <Route path="/sessions/:id" element={page(<SessionPage />)} />
      <Route path="/prompts" element={page(<PromptsPage />)} />
      <Route path="/prompts/:name" element={page(<PromptPage />)} />
      <Route path="/playground" element={page(<PlaygroundPage />)} />
      <Route path="/datasets" element={page(<DatasetsPage />)} />
      <Route path="/datasets/:name" element={page(<DatasetPage />)} />
      <Route path="/datasets/:name/compare" element={page(<ComparePage />)} />
      <Route path="/datasets/:name/runs/:run" element={page(<RunPage />)} />
      <Route path="/experiments/new" element={page(<NewExperimentPage />)} />
      <Route path="/review-queues" element={page(<ReviewQueuesPage />)} />
      <Route path="/review-queues/:queue" element={page(<ReviewPage />)} />
      <Route path="/metrics" element={page(<MetricsPage />)} />
      <Route path="/scores" element={page(<ScoresPage />)} />
      <Route path="/evaluators" element={page(<EvaluatorsPage />)} />
      <Route path="/evaluators/:name" element={page(<EvaluatorPage />)} />
      <Route path="/settings/ingest" element={page(<IngestPage />)} />
      <Route path="/settings/audit-log" element={page(<AuditLogPage />)} />
      <Route path="/observations" element={page(<ObservationsPage />)} />
      <Route path="/users" element={page(<UsersPage />)} />
      <Route path="/settings/policies" element={page(<PoliciesPage />)} />
      <Route path="/settings/model-prices" element={page(<ModelPricesPage />)} />
      <Route path="/settings/automations" element={page(<AutomationsPage />)} />
      <Route path="/settings/alerts" element={page(<AlertsPage />)} />
      <Route path="/settings/score-configs" element={page(<ScoreConfigsPage />)} />
      <Route path="/settings/providers" element={page(<ProvidersPage />)} />
      <Route path="/settings/event-sink" element={page(<EventSinkPage />)} />
      <Route path="/settings/exports" element={page(<ScheduledExportsPage />)} />
      <Route path="/settings" element={<Navigate to="/settings/api-keys" replace />} />
      <Route path="/settings/api-keys" element={page(<ApiKeysPage />)} />
      <Route path="/settings/members" element={page(<MembersPage />)} />
      <Route path="/settings/sso" element={page(<SsoProvidersPage />)} />
      <Route path="/settings/account" element={page(<AccountPage />)} />
      <Route path="*" element={page(<NotFound />)} />
    </Routes>
  );
}

function NotFound() {
  return <p>No page here.</p>;
}
