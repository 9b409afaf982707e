import './styles.css';
import { bootstrap } from './app/bootstrap';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

bootstrap(container).catch((error: unknown) => {
  console.error('the app could not start', error);
  container.textContent = 'SWX could not start. Please reload the page.';
});
