import { defineMessages } from '../index.ts';

/** Page titles of the spec's route table (section 2). */
export const pageTitles = defineMessages({
  en: {
    home: 'Find Your Trusted Service Provider',
    signin: 'Sign In',
    signup: 'Create Your Account',
    platform: 'Platform',
    contractorDashboard: 'Contractor Dashboard',
    customerDashboard: 'Customer Dashboard',
    subscriptions: 'My Subscriptions',
    adminDashboard: 'Admin Dashboard',
    arbitrationDashboard: 'Arbitration Dashboard',
    arbitrationStatus: 'Arbitration Status',
    notifications: 'All notifications',
    notificationPreferences: 'Notification settings',
    schedule: 'Schedule a service',
    scheduleJob: 'Schedule a service for a job',
    booking: 'Booking',
  },
  fr: {
    home: 'Trouvez votre fournisseur de services de confiance',
    signin: 'Connexion',
    signup: 'Créer votre compte',
    platform: 'Plateforme',
    contractorDashboard: 'Tableau de bord de l’entrepreneur',
    customerDashboard: 'Tableau de bord du client',
    subscriptions: 'Mes abonnements',
    adminDashboard: 'Tableau de bord administrateur',
    arbitrationDashboard: 'Tableau de bord d’arbitrage',
    arbitrationStatus: 'État de l’arbitrage',
    notifications: 'Toutes les notifications',
    notificationPreferences: 'Paramètres des notifications',
    schedule: 'Réserver un service',
    scheduleJob: 'Réserver un service pour un travail',
    booking: 'Réservation',
  },
});
