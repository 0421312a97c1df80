export { firebaseClientConfig, type FirebaseClientConfig, type FirebaseClientEnv } from './config.ts';
export { FIREBASE_CONFIG_ELEMENT_ID, readFirebaseConfig, serializeFirebaseConfig } from './element.ts';
