/**
 * The fr-CA text of every error the API sends, keyed by its English text (api/i18n/error-language.ts).
 * `{0}`, `{1}`… (or `{name}`) stand where a template puts its values; the French puts them where
 * French needs them. tests/api.error-language.test.ts fails when a text the API can send is missing.
 */
export const ERRORS_FR: Record<string, string> = {
  'Invalid request.': 'Requête invalide.',
  '{0}: {1}': '{0} : {1}',
  'The file’s content does not match its type: it claims to be {0} but is {1}.':
    'Le contenu du fichier ne correspond pas à son type : il se présente comme {0}, mais est {1}.',
  // site/i18n/messages/server-limits.ts says these the same way.
  'You are doing this too often. Please wait {0} and try again.':
    'Vous faites cette action trop souvent. Veuillez patienter {0} et réessayer.',
  'The request URL is not valid.': 'L’adresse de la requête n’est pas valide.',
  'Not found: {0} {1}': 'Introuvable : {0} {1}',
  'The search can be at most 100 characters': 'La recherche peut comporter au plus 100 caractères',
  'status must be active, suspended or closed': 'status doit être active, suspended ou closed',
  'role must be customer, contractor or admin': 'role doit être customer, contractor ou admin',
  'The user id is not valid': 'L’identifiant de l’utilisateur n’est pas valide',
  'Sign out with POST /api/auth/logout.': 'Déconnectez-vous avec POST /api/auth/logout.',
  'Not signed in': 'Non connecté',
  'Invalid email or password': 'Courriel ou mot de passe invalide',
  'User not found.': 'Utilisateur introuvable.',
  'Email is required': 'Le courriel est obligatoire',
  'Password is required': 'Le mot de passe est obligatoire',
  'Name must be at least 2 characters': 'Le nom doit comporter au moins 2 caractères',
  'Name must be at most 100 characters': 'Le nom doit comporter au plus 100 caractères',
  'Please enter a valid email address': 'Veuillez entrer une adresse courriel valide',
  'Password must be at least 8 characters': 'Le mot de passe doit comporter au moins 8 caractères',
  'Password must be at most 256 characters': 'Le mot de passe doit comporter au plus 256 caractères',
  'Please select your role': 'Veuillez choisir votre rôle',
  'Date of birth is required (YYYY-MM-DD)': 'La date de naissance est obligatoire (AAAA-MM-JJ)',
  'Date of birth must be a real date in the form YYYY-MM-DD':
    'La date de naissance doit être une vraie date au format AAAA-MM-JJ',
  'language must be en or fr': 'language doit être en ou fr',
  'userId must be a valid user id': 'userId doit être un identifiant d’utilisateur valide',
  'stream must be an auditable stream id: escrow-, contract-, dispute-, payout-, plan-, listing-boost- or user-switch- followed by its id':
    'stream doit être un identifiant de flux vérifiable : escrow-, contract-, dispute-, payout-, plan-, listing-boost- ou user-switch- suivi de son identifiant',
  'asOf must be an ISO 8601 date and time, e.g. 2026-05-04T14:00:00Z':
    'asOf doit être une date et une heure ISO 8601, par exemple 2026-05-04T14:00:00Z',
  'q must be at most 200 characters': 'q doit comporter au plus 200 caractères',
  'The barter trade id is not valid': 'L’identifiant de l’échange de troc n’est pas valide',
  'The service offering id is not valid': 'L’identifiant de l’offre de service n’est pas valide',
  'q must be text': 'q doit être du texte',
  'The search must be at most 100 characters': 'La recherche doit comporter au plus 100 caractères',
  'service must be a service slug': 'service doit être l’identifiant textuel d’un service',
  'Job not found.': 'Travail introuvable.',
  'Only the customer who posted this job can book it.': 'Seul le client qui a publié ce travail peut le réserver.',
  'This job is not awarded to this contractor.': 'Ce travail n’est pas attribué à cet entrepreneur.',
  'This job was cancelled.': 'Ce travail a été annulé.',
  'The work on this job is done or its payment settled: no visit can be booked.':
    'Ce travail est terminé ou son paiement est réglé : aucune visite ne peut être réservée.',
  'from must be a date written YYYY-MM-DD': 'from doit être une date au format AAAA-MM-JJ',
  'to must be a date written YYYY-MM-DD': 'to doit être une date au format AAAA-MM-JJ',
  'to must be after from': 'to doit être après from',
  'Ask for at most {0} days of slots at a time': 'Demandez au plus {0} jours de plages horaires à la fois',
  'This job has no contractor yet.': 'Ce travail n’a pas encore d’entrepreneur.',
  'jobType needs a workOrderId': 'jobType exige un workOrderId',
  'That service is not offered by this contractor.': 'Ce service n’est pas offert par cet entrepreneur.',
  'Times must be written HH:MM (24-hour clock)': 'Les heures doivent être écrites HH:MM (format 24 heures)',
  'startsAt must be a date and time with its offset, such as 2026-03-03T15:00:00Z':
    'startsAt doit être une date et une heure avec leur décalage, par exemple 2026-03-03T15:00:00Z',
  'The {0} id is not valid': 'L’identifiant ({0}) n’est pas valide',
  'weekly must be a list of windows': 'weekly doit être une liste de plages',
  'windows must be a list of { start, end } (empty: closed all day)':
    'windows doit être une liste de { start, end } (vide : fermé toute la journée)',
  'The job id is not valid': 'L’identifiant du travail n’est pas valide',
  'contractorId must be a contractor id': 'contractorId doit être un identifiant d’entrepreneur',
  'jobType must be work-order': 'jobType doit être work-order',
  'offeringId must be a service offering id': 'offeringId doit être un identifiant d’offre de service',
  'when must be upcoming or past': 'when doit être upcoming ou past',
  'badges must be a comma-separated list of: {0}': 'badges doit être une liste séparée par des virgules parmi : {0}',
  '{0} must be a whole number from {1} to {2}': '{0} doit être un nombre entier de {1} à {2}',
  '{0} must be a {1} from -{2} to {3}': '{0} doit être une {1} de -{2} à {3}',
  'search must be at most 100 characters': 'search doit comporter au plus 100 caractères',
  'category must be one of: {0}': 'category doit être l’une des valeurs suivantes : {0}',
  'service must be a service of the service directory': 'service doit être un service du répertoire des services',
  'city must be at most 100 characters': 'city doit comporter au plus 100 caractères',
  'province must be a two-letter province code, such as ON':
    'province doit être un code de province à deux lettres, comme ON',
  'distanceKm must be a whole number from 0 to 1000 (0: any distance)':
    'distanceKm doit être un nombre entier de 0 à 1000 (0 : toute distance)',
  'minRating must be a number from 0 to 5': 'minRating doit être un nombre de 0 à 5',
  'remote must be true or false': 'remote doit être true ou false',
  'maxPriceCents must be a whole number of cents from 0 to 10000000':
    'maxPriceCents doit être un nombre entier de cents de 0 à 10000000',
  'sort must be one of: {0}': 'sort doit être l’une des valeurs suivantes : {0}',
  'lat and lng must be given together': 'lat et lng doivent être fournis ensemble',
  'The contractor id is not valid': 'L’identifiant de l’entrepreneur n’est pas valide',
  'services must be services of the service directory':
    'services doit contenir des services du répertoire des services',
  'q must not be empty': 'q ne doit pas être vide',
  'q must be at most 100 characters': 'q doit comporter au plus 100 caractères',
  'lang must be en or fr': 'lang doit être en ou fr',
  'We do not know the city "{0}". Choose one from the list.':
    'Nous ne connaissons pas la ville « {0} ». Choisissez-en une dans la liste.',
  'Contractor not found': 'Entrepreneur introuvable',
  'Years of experience must be a number from 0 to 100': 'Les années d’expérience doivent être un nombre de 0 à 100',
  'The approach statement must be at most 500 characters':
    'L’énoncé de votre approche doit comporter au plus 500 caractères',
  'location must be text': 'location doit être du texte',
  'Location must be at most 120 characters': 'L’emplacement doit comporter au plus 120 caractères',
  'canWorkRemotely must be true or false': 'canWorkRemotely doit être true ou false',
  'Price must be an amount in dollars, such as 50 or 49.99':
    'Le prix doit être un montant en dollars, comme 50 ou 49,99',
  'Service title must be at least 3 characters': 'Le titre du service doit comporter au moins 3 caractères',
  'Service title must be at most 120 characters': 'Le titre du service doit comporter au plus 120 caractères',
  'Please provide a detailed description (20+ characters)':
    'Veuillez fournir une description détaillée (20 caractères ou plus)',
  'The description must be at most 5000 characters': 'La description doit comporter au plus 5000 caractères',
  'pricingModel must be hourly or fixed': 'pricingModel doit être hourly ou fixed',
  'isRemoteService must be true or false': 'isRemoteService doit être true ou false',
  'isActive must be true or false': 'isActive doit être true ou false',
  'acceptsBarter must be true or false': 'acceptsBarter doit être true ou false',
  'Subject must be text': 'L’objet doit être du texte',
  'Subject must be at most 150 characters': 'L’objet doit comporter au plus 150 caractères',
  'version must be the contract version you were shown':
    'version doit être la version du contrat qui vous a été montrée',
  'textHash must be the SHA-256 of the text you were shown':
    'textHash doit être le SHA-256 du texte qui vous a été montré',
  'textHash must be the SHA-256 of the text you were shown (64 hex characters)':
    'textHash doit être le SHA-256 du texte qui vous a été montré (64 caractères hexadécimaux)',
  'Please type your full name to sign.': 'Veuillez taper votre nom complet pour signer.',
  'The name must be at most 120 characters': 'Le nom doit comporter au plus 120 caractères',
  'The title must be text': 'Le titre doit être du texte',
  'The title must be 5 to 120 characters': 'Le titre doit comporter de 5 à 120 caractères',
  'The scope must be text': 'La portée doit être du texte',
  'The scope of work must be 20 to 5,000 characters': 'La portée des travaux doit comporter de 20 à 5 000 caractères',
  'Change at least one of title, scope or priceCents':
    'Modifiez au moins l’un des éléments suivants : title, scope ou priceCents',
  'The credential id is not valid': 'L’identifiant de l’attestation n’est pas valide',
  'The client id is not valid': 'L’identifiant du client n’est pas valide',
  'Send the evidence as multipart/form-data with one file part named "file".':
    'Envoyez la preuve en multipart/form-data avec une seule partie fichier nommée « file ».',
  'Choose a file to upload.': 'Choisissez un fichier à téléverser.',
  'Upload one file at a time.': 'Téléversez un seul fichier à la fois.',
  'Send only a file and an optional caption.': 'Envoyez seulement un fichier et une légende facultative.',
  '{0} must be a UUID': '{0} doit être un UUID',
  'reason must be one of {0}': 'reason doit être l’une des valeurs suivantes : {0}',
  'outcome must be one of {0}': 'outcome doit être l’une des valeurs suivantes : {0}',
  'sort must be age or amount': 'sort doit être age ou amount',
  'state must be open, decided or all': 'state doit être open, decided ou all',
  'Receipt not found.': 'Reçu introuvable.',
  'There is no receipt until the escrow is funded.': 'Il n’y a pas de reçu tant que l’entiercement n’est pas financé.',
  'The fee invoice is issued once the payment is released.':
    'La facture des frais est émise une fois le paiement libéré.',
  'expMonth must be the card’s expiry month, 1 to 12': 'expMonth doit être le mois d’expiration de la carte, de 1 à 12',
  'expYear must be the card’s four-digit expiry year':
    'expYear doit être l’année d’expiration de la carte, à quatre chiffres',
  'The CVC is the 3 or 4 digits on the card': 'Le CVC est composé des 3 ou 4 chiffres inscrits sur la carte',
  'card must be { number, expMonth, expYear, cvc }': 'card doit être { number, expMonth, expYear, cvc }',
  'The note must be text': 'La note doit être du texte',
  'The note must be at most 2,000 characters': 'La note doit comporter au plus 2 000 caractères',
  'status must be one of awaiting-funding, funded, completed, frozen, released, refunded, cancelled, distributed':
    'status doit être l’une des valeurs awaiting-funding, funded, completed, frozen, released, refunded, cancelled, distributed',
  'escalated must be true or false': 'escalated doit être true ou false',
  'limit must be a number from 1 to 500': 'limit doit être un nombre de 1 à 500',
  'kind must be receipt or fee-invoice': 'kind doit être receipt ou fee-invoice',
  'Title must be at most 120 characters': 'Le titre doit comporter au plus 120 caractères',
  'Description must be at most 2000 characters': 'La description doit comporter au plus 2000 caractères',
  'Category must be feature, improvement, bug or other': 'La catégorie doit être feature, improvement, bug ou other',
  'status must be all, visible or hidden': 'status doit être all, visible ou hidden',
  'The discussion id is not valid': 'L’identifiant de la discussion n’est pas valide',
  'The reply id is not valid': 'L’identifiant de la réponse n’est pas valide',
  'category must be all or one of: {0}': 'category doit être all ou l’une des valeurs suivantes : {0}',
  'sort must be recent, popular or active': 'sort doit être recent, popular ou active',
  'search must be at most 200 characters': 'search doit comporter au plus 200 caractères',
  'photo must be an uploaded photo id': 'photo doit être l’identifiant d’une photo téléversée',
  'The photo was not found. Please upload it again': 'La photo est introuvable. Veuillez la téléverser de nouveau',
  'The billboard id is not valid': 'L’identifiant du panneau n’est pas valide',
  'The contract id is not valid': 'L’identifiant du contrat n’est pas valide',
  'The conversation kind must be booking or work-order': 'Le type de conversation doit être booking ou work-order',
  'The conversation id is not valid': 'L’identifiant de la conversation n’est pas valide',
  'upToMessageId must be a message id': 'upToMessageId doit être un identifiant de message',
  'before must be a message id': 'before doit être un identifiant de message',
  '{0} keys must be notification types: {1}': 'Les clés de {0} doivent être des types de notification : {1}',
  '{0} values must be true or false': 'Les valeurs de {0} doivent être true ou false',
  '{0} must be an object of notification types to true or false':
    '{0} doit être un objet associant des types de notification à true ou false',
  'consent.wordingVersion is not a known consent wording':
    'consent.wordingVersion n’est pas un libellé de consentement connu',
  'consent.language must be en or fr': 'consent.language doit être en ou fr',
  'consent must be { wordingVersion, language }': 'consent doit être { wordingVersion, language }',
  'locale must be en or fr': 'locale doit être en ou fr',
  'unreadOnly must be true or false': 'unreadOnly doit être true ou false',
  'This account no longer exists.': 'Ce compte n’existe plus.',
  'planId must be one of: {0}': 'planId doit être l’une des valeurs suivantes : {0}',
  'boostId must be one of: {0}': 'boostId doit être l’une des valeurs suivantes : {0}',
  'frequency must be weekly, biweekly or monthly': 'frequency doit être weekly, biweekly ou monthly',
  'The offer id is not valid': 'L’identifiant de l’offre n’est pas valide',
  'The subscription id is not valid': 'L’identifiant de l’abonnement n’est pas valide',
  'customerTimeZone must be an IANA time zone': 'customerTimeZone doit être un fuseau horaire IANA',
  'The booking id is not valid': 'L’identifiant de la réservation n’est pas valide',
  'The urgent alert id is not valid': 'L’identifiant de l’alerte urgente n’est pas valide',
  'The chosen contractor was not found': 'L’entrepreneur choisi est introuvable',
  'A photo was not found. Please upload it again': 'Une photo est introuvable. Veuillez la téléverser de nouveau',
  'Sign in to see this work order': 'Connectez-vous pour voir ce bon de travail',
  'This work order is not yours to see': 'Ce bon de travail ne vous appartient pas',
  'Only the customer who posted this work order can see its proposals':
    'Seul le client qui a publié ce bon de travail peut voir ses propositions',
  'Add your location to your profile to search near you':
    'Ajoutez votre emplacement à votre profil pour chercher près de chez vous',
  'Searching near your service area is for contractors':
    'La recherche près de votre zone de service est réservée aux entrepreneurs',
  'Please choose a service from the list': 'Veuillez choisir un service dans la liste',
  'A photo reference is not valid': 'Une référence de photo n’est pas valide',
  'photos must be a list of uploaded photo ids': 'photos doit être une liste d’identifiants de photos téléversées',
  'mode must be direct or bids': 'mode doit être direct ou bids',
  'The chosen contractor is not valid': 'L’entrepreneur choisi n’est pas valide',
  'The work order id is not valid': 'L’identifiant du bon de travail n’est pas valide',
  'The proposal id is not valid': 'L’identifiant de la proposition n’est pas valide',
  'radiusKm must be a number from 1 to 1000': 'radiusKm doit être un nombre de 1 à 1000',
  'near must be me': 'near doit être me',
  'includeRemote must be true or false': 'includeRemote doit être true ou false',
  'sort must be newest, budget or distance': 'sort doit être newest, budget ou distance',
  'Give both lat and lng, or neither': 'Fournissez lat et lng, ou ni l’un ni l’autre',
  'Choose at least one photo to upload': 'Choisissez au moins une photo à téléverser',
  'Upload at most {0} photos at a time': 'Téléversez au plus {0} photos à la fois',
  'Send the photos as multipart/form-data': 'Envoyez les photos en multipart/form-data',
  'The photo id is not valid': 'L’identifiant de la photo n’est pas valide',
  'This photo was not found': 'Cette photo est introuvable',
  'Too many attempts. Please wait {0} seconds and try again.':
    'Trop de tentatives. Veuillez patienter {0} secondes et réessayer.',
  'Access denied. This page requires {0} access.': 'Accès refusé. Cette page exige un accès {0}.',
  'This record was changed by someone else at the same time. Reload and try again.':
    'Cet enregistrement a été modifié par quelqu’un d’autre au même moment. Rechargez la page et réessayez.',
  'The request body is not valid JSON.': 'Le corps de la requête n’est pas du JSON valide.',
  'The request body is empty but its content type is JSON.':
    'Le corps de la requête est vide, mais son type de contenu est JSON.',
  'The request body is too large.': 'Le corps de la requête est trop volumineux.',
  'Send the request body as JSON (Content-Type: application/json).':
    'Envoyez le corps de la requête en JSON (Content-Type: application/json).',
  'The service is temporarily unavailable. Please try again shortly.':
    'Le service est temporairement indisponible. Veuillez réessayer sous peu.',
  'Something went wrong on our side. Please try again.': 'Une erreur s’est produite de notre côté. Veuillez réessayer.',
  '{0}: must not contain NUL characters or invalid Unicode':
    '{0} : ne doit pas contenir de caractères NUL ni d’Unicode invalide',
  'Cross-site request refused.': 'Requête intersite refusée.',
  'Sign-in is temporarily unavailable. Please try again shortly. ({0})':
    'La connexion est temporairement indisponible. Veuillez réessayer sous peu. ({0})',
  'Date of birth cannot be in the future.': 'La date de naissance ne peut pas être dans le futur.',
  'Date of birth cannot be more than {0} years ago.': 'La date de naissance ne peut pas remonter à plus de {0} ans.',
  'You must be 15 or older to use this service.': 'Vous devez avoir 15 ans ou plus pour utiliser ce service.',
  'An account with this email address already exists.': 'Un compte existe déjà avec cette adresse courriel.',
  'This account was not found.': 'Ce compte est introuvable.',
  'This account is closed.': 'Ce compte est fermé.',
  'This account is already suspended.': 'Ce compte est déjà suspendu.',
  'This account is not suspended.': 'Ce compte n’est pas suspendu.',
  'Administrator accounts cannot be suspended here.': 'Les comptes d’administrateur ne peuvent pas être suspendus ici.',
  'Give a reason of {0} to {1} characters; the account holder is told it.':
    'Donnez une raison de {0} à {1} caractères; le titulaire du compte en sera informé.',
  'This account is suspended. Contact us through the Contact page if you think this is a mistake.':
    'Ce compte est suspendu. Communiquez avec nous par la page Contact si vous pensez qu’il s’agit d’une erreur.',
  'This account already exists.': 'Ce compte existe déjà.',
  'This account does not exist.': 'Ce compte n’existe pas.',
  'This password is too common. Please choose one that is harder to guess.':
    'Ce mot de passe est trop courant. Veuillez en choisir un plus difficile à deviner.',
  'A password cannot be one character repeated. Please choose one that is harder to guess.':
    'Un mot de passe ne peut pas être un seul caractère répété. Veuillez en choisir un plus difficile à deviner.',
  'This confirmation link is not valid or has already been used.':
    'Ce lien de confirmation n’est pas valide ou a déjà été utilisé.',
  'This confirmation link has expired. Please sign up again.':
    'Ce lien de confirmation a expiré. Veuillez vous inscrire de nouveau.',
  'To finish in this browser, enter the password you chose when you signed up.':
    'Pour terminer dans ce navigateur, entrez le mot de passe que vous avez choisi lors de votre inscription.',
  'That is not the password you chose when you signed up. Please try again.':
    'Ce n’est pas le mot de passe que vous avez choisi lors de votre inscription. Veuillez réessayer.',
  'Enter the service type, for example "weekly house cleaning"':
    'Entrez le type de service, par exemple « entretien ménager hebdomadaire »',
  'Rate limit exceeded. You can generate AI suggestions once per day.':
    'Limite atteinte. Vous pouvez générer des suggestions par IA une fois par jour.',
  'This barter trade already exists.': 'Cet échange de troc existe déjà.',
  'Describe the service you offer in 10 to 500 characters':
    'Décrivez le service que vous offrez en 10 à 500 caractères',
  'Hours must be from 0.5 to 200, in half hours': 'Les heures doivent aller de 0,5 à 200, par demi-heures',
  'The message must be at most 1000 characters': 'Le message doit comporter au plus 1000 caractères',
  'The reason must be at most 500 characters': 'La raison doit comporter au plus 500 caractères',
  'The rating must be a whole number from 1 to 5': 'La note doit être un nombre entier de 1 à 5',
  'The review must be at most 1000 characters': 'L’avis doit comporter au plus 1000 caractères',
  'This barter trade does not exist.': 'Cet échange de troc n’existe pas.',
  'Only the two parties to this trade can do that.': 'Seules les deux parties à cet échange peuvent faire cela.',
  'You cannot trade with yourself.': 'Vous ne pouvez pas faire un échange avec vous-même.',
  'This service does not accept barter right now.': 'Ce service n’accepte pas le troc pour le moment.',
  'This trade is no longer open to answers.': 'Cet échange n’accepte plus de réponses.',
  'The other side has not answered your offer yet.': 'L’autre partie n’a pas encore répondu à votre offre.',
  'Only the side that made the current offer can withdraw it.':
    'Seule la partie qui a fait l’offre en cours peut la retirer.',
  'This trade has had 20 counter-offers; accept or decline it.':
    'Cet échange a reçu 20 contre-offres; acceptez-le ou refusez-le.',
  'Only an accepted trade can be marked complete.': 'Seul un échange accepté peut être marqué comme terminé.',
  'You have already marked this exchange complete.': 'Vous avez déjà marqué cet échange comme terminé.',
  'A trade can be reviewed once both sides have marked it complete.':
    'Un échange peut être évalué une fois que les deux parties l’ont marqué comme terminé.',
  'You have already reviewed this trade.': 'Vous avez déjà évalué cet échange.',
  'A counter-offer must change the terms.': 'Une contre-offre doit modifier les conditions.',
  'This contractor is not taking bookings yet.': 'Cet entrepreneur n’accepte pas encore de réservations.',
  "That time is outside this contractor's availability.":
    'Cette heure est en dehors des disponibilités de cet entrepreneur.',
  'This time slot is no longer available. Please choose another time.':
    'Cette plage horaire n’est plus disponible. Veuillez choisir une autre heure.',
  'Please choose a time at least 1 hour from now.':
    'Veuillez choisir une heure au moins 1 heure à partir de maintenant.',
  'Bookings can be made at most 180 days ahead.': 'Les réservations peuvent être faites au plus 180 jours à l’avance.',
  'You cannot book your own calendar.': 'Vous ne pouvez pas réserver votre propre calendrier.',
  'This booking already exists.': 'Cette réservation existe déjà.',
  'This job already has a booking. Reschedule it instead.': 'Ce travail a déjà une réservation. Reportez-la plutôt.',
  'Booking not found.': 'Réservation introuvable.',
  'Contractor not found.': 'Entrepreneur introuvable.',
  'Only the customer and the contractor of this booking can do that.':
    'Seuls le client et l’entrepreneur de cette réservation peuvent faire cela.',
  'Only the contractor of this booking can do that.': 'Seul l’entrepreneur de cette réservation peut faire cela.',
  'Only a booking request that is waiting for an answer can be confirmed or declined.':
    'Seule une demande de réservation en attente de réponse peut être confirmée ou refusée.',
  'This booking is no longer active.': 'Cette réservation n’est plus active.',
  'This booking has already started.': 'Cette réservation a déjà commencé.',
  'Only a confirmed booking can be completed.': 'Seule une réservation confirmée peut être terminée.',
  'A booking can be marked completed only once it has started.':
    'Une réservation ne peut être marquée comme terminée qu’une fois commencée.',
  'The booking is already at that time.': 'La réservation est déjà à cette heure.',
  'Less than 24 hours before the start, a booking can no longer be moved. You can still cancel it (the late-cancellation fee applies).':
    'Moins de 24 heures avant le début, une réservation ne peut plus être déplacée. Vous pouvez encore l’annuler (les frais d’annulation tardive s’appliquent).',
  'A reminder goes out only for a confirmed booking that starts within 24 hours.':
    'Un rappel n’est envoyé que pour une réservation confirmée qui commence dans les 24 heures.',
  'Please choose a Canadian time zone': 'Veuillez choisir un fuseau horaire canadien',
  'tz must be an IANA time zone name, such as America/Toronto':
    'tz doit être le nom d’un fuseau horaire IANA, comme America/Toronto',
  'The slot length must be a whole number of minutes from 30 to 480':
    'La durée d’une plage doit être un nombre entier de minutes de 30 à 480',
  'weekday must be a number from 1 (Monday) to 7 (Sunday)': 'weekday doit être un nombre de 1 (lundi) à 7 (dimanche)',
  'At most 6 availability windows per day': 'Au plus 6 plages de disponibilité par jour',
  'The date must be a real date written YYYY-MM-DD': 'La date doit être une vraie date écrite AAAA-MM-JJ',
  'That date has already passed.': 'Cette date est déjà passée.',
  'Exceptions can be set at most one year ahead.': 'Les exceptions peuvent être définies au plus un an à l’avance.',
  'There is no exception on that date.': 'Il n’y a pas d’exception à cette date.',
  'The note must be at most 500 characters': 'La note doit comporter au plus 500 caractères',
  'The note must be at most 200 characters': 'La note doit comporter au plus 200 caractères',
  'Set your weekly availability first.': 'Définissez d’abord vos disponibilités hebdomadaires.',
  'The service radius must be a whole number of kilometres from 1 to 250':
    'Le rayon de service doit être un nombre entier de kilomètres de 1 à 250',
  'Choose from 1 to 12 services you offer': 'Choisissez de 1 à 12 services que vous offrez',
  'The hourly rate must be an amount from $1 to $2,000': 'Le taux horaire doit être un montant de 1 $ à 2 000 $',
  'Unknown service: {0}': 'Service inconnu : {0}',
  'This service offering does not exist.': 'Cette offre de service n’existe pas.',
  'Only the contractor who offers this service can change it.':
    'Seul l’entrepreneur qui offre ce service peut le modifier.',
  'This service is already paused.': 'Ce service est déjà en pause.',
  'This service is not paused.': 'Ce service n’est pas en pause.',
  'What you would like in return must be at most 300 characters':
    'Ce que vous souhaitez en retour doit comporter au plus 300 caractères',
  'Price must be a positive amount in dollars, such as 50 or 49.99':
    'Le prix doit être un montant positif en dollars, comme 50 ou 49,99',
  'This service offering already exists.': 'Cette offre de service existe déjà.',
  'This message was already received.': 'Ce message a déjà été reçu.',
  'Please fill in all required fields.': 'Veuillez remplir tous les champs obligatoires.',
  'Message must be at most 5000 characters': 'Le message doit comporter au plus 5000 caractères',
  'Contract not found.': 'Contrat introuvable.',
  'Only the customer and the contractor of this job can do that.':
    'Seuls le client et l’entrepreneur de ce travail peuvent faire cela.',
  'Both parties have signed this contract; its terms can no longer change.':
    'Les deux parties ont signé ce contrat; ses conditions ne peuvent plus changer.',
  'A recurring service agreement keeps the terms of the subscription. To change them, cancel it and subscribe again.':
    'Une entente de service récurrent conserve les conditions de l’abonnement. Pour les modifier, annulez-le et abonnez-vous de nouveau.',
  'This contract was cancelled with its job.': 'Ce contrat a été annulé avec son travail.',
  'This contract has changed since you opened it. Please review the new version before signing.':
    'Ce contrat a changé depuis que vous l’avez ouvert. Veuillez lire la nouvelle version avant de signer.',
  'You have already signed this version of the contract.': 'Vous avez déjà signé cette version du contrat.',
  'The price must be set before the contract can be signed.':
    'Le prix doit être fixé avant que le contrat puisse être signé.',
  'Please tick the box to confirm that you agree to sign electronically.':
    'Veuillez cocher la case pour confirmer que vous acceptez de signer électroniquement.',
  'Please type your full name exactly as it appears on your account.':
    'Veuillez taper votre nom complet exactement comme il figure dans votre compte.',
  'These are already the terms of the contract.': 'Ce sont déjà les conditions du contrat.',
  'The price must be from $1.00 to $1,000,000.00.': 'Le prix doit être de 1,00 $ à 1 000 000,00 $.',
  'Verified badges need a paid plan; you are on Starter. Upgrade to Local for $19/month.':
    'Les badges vérifiés exigent un forfait payant; vous êtes au forfait Starter. Passez au forfait Local pour 19 $/mois.',
  'The credential must be one of: licensed, insured, background-checked':
    'L’attestation doit être l’une des suivantes : licensed, insured, background-checked',
  'The expiry date must be a calendar date (YYYY-MM-DD)':
    'La date d’expiration doit être une date du calendrier (AAAA-MM-JJ)',
  'The expiry date must be in the future': 'La date d’expiration doit être dans le futur',
  'The expiry date can be at most {0} years away': 'La date d’expiration peut être au plus dans {0} ans',
  'A document for this badge is already waiting for review': 'Un document pour ce badge attend déjà d’être examiné',
  'This credential was not found': 'Cette attestation est introuvable',
  'This credential was already reviewed': 'Cette attestation a déjà été examinée',
  'Give the contractor a reason of {0} to {1} characters': 'Donnez à l’entrepreneur une raison de {0} à {1} caractères',
  'Send the document as multipart/form-data: the fields kind and expiresOn, then one file part named "file".':
    'Envoyez le document en multipart/form-data : les champs kind et expiresOn, puis une seule partie fichier nommée « file ».',
  'Send only the fields kind and expiresOn and one file.':
    'Envoyez seulement les champs kind et expiresOn et un seul fichier.',
  'Choose the document to upload.': 'Choisissez le document à téléverser.',
  'The note must be at most 2000 characters': 'La note doit comporter au plus 2000 caractères',
  'You can only keep notes about your own clients.': 'Vous ne pouvez prendre des notes que sur vos propres clients.',
  'Dispute not found.': 'Litige introuvable.',
  'There is no escrow for this job, so there is nothing to dispute.':
    'Il n’y a pas d’entiercement pour ce travail, donc rien à contester.',
  'Only the customer and the contractor of this job can open or answer its dispute.':
    'Seuls le client et l’entrepreneur de ce travail peuvent ouvrir son litige ou y répondre.',
  'This job already has a dispute. Follow it on the arbitration status page.':
    'Ce travail a déjà un litige. Suivez-le sur la page de l’état de l’arbitrage.',
  'Only money held in escrow can be disputed: this job’s escrow is not funded, or was already paid out.':
    'Seul l’argent détenu en entiercement peut être contesté : l’entiercement de ce travail n’est pas financé ou a déjà été versé.',
  'Describe the problem in {0} to {1} characters.': 'Décrivez le problème en {0} à {1} caractères.',
  'Write your answer in {0} to {1} characters.': 'Rédigez votre réponse en {0} à {1} caractères.',
  'A caption is at most {0} characters.': 'Une légende comporte au plus {0} caractères.',
  'You opened this dispute: the other party answers it. You can still add evidence.':
    'Vous avez ouvert ce litige : c’est l’autre partie qui y répond. Vous pouvez encore ajouter des preuves.',
  'This dispute was already answered.': 'Ce litige a déjà reçu une réponse.',
  'The 5 days to answer this dispute are over.': 'Les 5 jours pour répondre à ce litige sont écoulés.',
  'The 5 days to answer have not passed yet.': 'Les 5 jours pour répondre ne sont pas encore écoulés.',
  'Evidence can be added only until the other party has answered or the 5 days are over.':
    'Des preuves peuvent être ajoutées seulement jusqu’à ce que l’autre partie ait répondu ou que les 5 jours soient écoulés.',
  'Each party can attach at most {0} files to a dispute.':
    'Chaque partie peut joindre au plus {0} fichiers à un litige.',
  'The case is not ready for analysis yet.': 'Le dossier n’est pas encore prêt pour l’analyse.',
  'This case was already analysed.': 'Ce dossier a déjà été analysé.',
  'There is no proposed resolution to appeal.': 'Il n’y a aucune résolution proposée à contester.',
  'The 48 hours to ask for a human review are over: the proposed resolution is final.':
    'Les 48 heures pour demander un examen humain sont écoulées : la résolution proposée est définitive.',
  'The 48 hours to ask for a human review have not passed yet.':
    'Les 48 heures pour demander un examen humain ne sont pas encore écoulées.',
  'A human review was already requested.': 'Un examen humain a déjà été demandé.',
  'The case is not ready for a decision: it waits for the answer or the analysis.':
    'Le dossier n’est pas prêt pour une décision : il attend la réponse ou l’analyse.',
  'This case is closed: a decision was already made.': 'Ce dossier est clos : une décision a déjà été rendue.',
  'A resolution is proposed: it becomes final when the 48 hours pass, unless a party asks for a human review.':
    'Une résolution est proposée : elle devient définitive après 48 heures, à moins qu’une partie demande un examen humain.',
  'This dispute was voided because the escrow no longer held the money.':
    'Ce litige a été annulé, car l’entiercement ne détenait plus l’argent.',
  'Write the reasons for the decision in {0} to {1} characters.':
    'Rédigez les motifs de la décision en {0} à {1} caractères.',
  'A custom split needs whole percentages for the customer, the contractor and the platform that add up to 100%.':
    'Un partage personnalisé exige des pourcentages entiers pour le client, l’entrepreneur et la plateforme, dont la somme est de 100 %.',
  'Give shares only with a custom split: the matrix outcomes have theirs.':
    'Indiquez des parts seulement pour un partage personnalisé : les issues de la grille ont les leurs.',
  'This evidence was not found.': 'Cette preuve est introuvable.',
  'Escrow not found.': 'Entiercement introuvable.',
  'Only the customer and the contractor of this job can see its escrow.':
    'Seuls le client et l’entrepreneur de ce travail peuvent voir son entiercement.',
  'Only the customer of this job can do that.': 'Seul le client de ce travail peut faire cela.',
  'Only the contractor of this job can do that.': 'Seul l’entrepreneur de ce travail peut faire cela.',
  'This escrow is already funded.': 'Cet entiercement est déjà financé.',
  'This escrow has not been funded yet.': 'Cet entiercement n’a pas encore été financé.',
  'The amount paid does not match the contract.': 'Le montant payé ne correspond pas au contrat.',
  'The work is already marked complete and waits for the customer’s answer.':
    'Le travail est déjà marqué comme terminé et attend la réponse du client.',
  'The contractor has not marked the work complete yet.':
    'L’entrepreneur n’a pas encore marqué le travail comme terminé.',
  'This escrow has already been released.': 'Cet entiercement a déjà été libéré.',
  'This escrow has already been refunded.': 'Cet entiercement a déjà été remboursé.',
  'This escrow was cancelled with its job.': 'Cet entiercement a été annulé avec son travail.',
  'This escrow was already distributed by an arbitration decision.':
    'Cet entiercement a déjà été réparti par une décision d’arbitrage.',
  'This escrow is frozen by a dispute until the arbitrator decides.':
    'Cet entiercement est gelé par un litige jusqu’à la décision de l’arbitre.',
  'Only an escrow frozen by a dispute can be distributed by a decision.':
    'Seul un entiercement gelé par un litige peut être réparti par une décision.',
  'This escrow is frozen by another dispute.': 'Cet entiercement est gelé par un autre litige.',
  'The 14 days after completion have not passed yet.':
    'Les 14 jours suivant la fin des travaux ne sont pas encore écoulés.',
  'This hold is not near its 90-day limit yet.': 'Cette retenue n’approche pas encore de sa limite de 90 jours.',
  'This hold was already escalated to an administrator.': 'Cette retenue a déjà été transmise à un administrateur.',
  'The work is marked complete: approve it, ask for changes or open a dispute instead of cancelling.':
    'Le travail est marqué comme terminé : approuvez-le, demandez des modifications ou ouvrez un litige au lieu d’annuler.',
  'Please describe the changes you need (1 to 2,000 characters).':
    'Veuillez décrire les modifications dont vous avez besoin (de 1 à 2 000 caractères).',
  'The shares must be whole basis points that add up to 100%.':
    'Les parts doivent être des points de base entiers dont la somme est de 100 %.',
  'Only money held in escrow can be disputed.': 'Seul l’argent détenu en entiercement peut être contesté.',
  'This feedback already exists.': 'Cette rétroaction existe déjà.',
  'Please fill in all fields.': 'Veuillez remplir tous les champs.',
  'Only an admin can change a feedback status.': 'Seul un administrateur peut changer l’état d’une rétroaction.',
  'Unknown feedback status.': 'État de rétroaction inconnu.',
  'The title must be {0} to {1} characters': 'Le titre doit comporter de {0} à {1} caractères',
  'The content must be 1 to {0} characters': 'Le contenu doit comporter de 1 à {0} caractères',
  'The reply must be 1 to {0} characters': 'La réponse doit comporter de 1 à {0} caractères',
  'Please choose a category: {0}': 'Veuillez choisir une catégorie : {0}',
  'Discussion not found.': 'Discussion introuvable.',
  'Reply not found.': 'Réponse introuvable.',
  'You have already upvoted this discussion.': 'Vous avez déjà voté pour cette discussion.',
  'You have already upvoted this reply.': 'Vous avez déjà voté pour cette réponse.',
  'Give a reason of 3 to 500 characters': 'Donnez une raison de 3 à 500 caractères',
  'This is already hidden.': 'Ce contenu est déjà masqué.',
  'This is not hidden.': 'Ce contenu n’est pas masqué.',
  'This discussion already exists.': 'Cette discussion existe déjà.',
  'This reply already exists.': 'Cette réponse existe déjà.',
  'The caption can be at most {0} characters': 'La légende peut comporter au plus {0} caractères',
  'This billboard was not found': 'Ce panneau est introuvable',
  'Give the reason for reading this legal copy, from 10 to 500 characters.':
    'Indiquez la raison de la consultation de cette copie légale, de 10 à 500 caractères.',
  'No legal copy is kept for this contract.': 'Aucune copie légale n’est conservée pour ce contrat.',
  'Conversation not found.': 'Conversation introuvable.',
  'Only the customer and the contractor of this job can read or write its messages.':
    'Seuls le client et l’entrepreneur de ce travail peuvent lire ou écrire ses messages.',
  'This work order has no contractor yet: its conversation opens once a contractor is chosen.':
    'Ce bon de travail n’a pas encore d’entrepreneur : sa conversation s’ouvre une fois un entrepreneur choisi.',
  'A message must be {0} to {1} characters.': 'Un message doit comporter de {0} à {1} caractères.',
  'A message can only contain plain text (letters, numbers, punctuation, line breaks and tabs).':
    'Un message ne peut contenir que du texte brut (lettres, chiffres, ponctuation, sauts de ligne et tabulations).',
  'This message was already posted.': 'Ce message a déjà été publié.',
  'Message not found in this conversation.': 'Message introuvable dans cette conversation.',
  'Unknown command {0}': 'Commande inconnue {0}',
  'E-mail notifications need your consent first: tick the consent box to turn e-mail on.':
    'Les notifications par courriel exigent d’abord votre consentement : cochez la case de consentement pour activer les courriels.',
  'Unknown consent wording version.': 'Version du libellé de consentement inconnue.',
  'Plan limit reached: your {0} plan includes {1}.{2}':
    'Limite du forfait atteinte : votre forfait {0} comprend {1}.{2}',
  '{0} is not included in your {1} plan.{2}': '{0} : non compris dans votre forfait {1}.{2}',
  '{0} need a paid plan; you are on Starter. Upgrade to Local for $19/month.':
    '{0} : un forfait payant est requis; vous êtes au forfait Starter. Passez au forfait Local pour 19 $/mois.',
  'This plan is not offered yet.': 'Ce forfait n’est pas encore offert.',
  'The Starter plan is free: there is nothing to buy. Cancel your paid plan to return to it.':
    'Le forfait Starter est gratuit : il n’y a rien à acheter. Annulez votre forfait payant pour y revenir.',
  'Paid subscriptions require you to be 18 or older.': 'Les abonnements payants exigent que vous ayez 18 ans ou plus.',
  'You are already on the {0} plan.': 'Vous êtes déjà au forfait {0}.',
  'Your {0} plan is set to end at the close of this period. Resume it instead of buying it again.':
    'Votre forfait {0} prendra fin à la clôture de cette période. Réactivez-le au lieu de l’acheter de nouveau.',
  'Cancel your current plan before choosing another one.': 'Annulez votre forfait actuel avant d’en choisir un autre.',
  'You are on the free Starter plan: there is nothing to cancel.':
    'Vous êtes au forfait gratuit Starter : il n’y a rien à annuler.',
  'Your plan is already set to end at the close of this period.':
    'Votre forfait prend déjà fin à la clôture de cette période.',
  'Your plan is not set to end.': 'Votre forfait n’est pas sur le point de prendre fin.',
  'This period has ended; buy the plan again to continue.':
    'Cette période est terminée; achetez de nouveau le forfait pour continuer.',
  'This plan is not due for renewal yet.': 'Ce forfait n’est pas encore à renouveler.',
  'This boost does not exist.': 'Cette mise en valeur n’existe pas.',
  'Listing boosts are for contractors: they lift a listing in the directory.':
    'Les mises en valeur d’annonces sont réservées aux entrepreneurs : elles font remonter une annonce dans le répertoire.',
  'Enter a card to pay for this.': 'Entrez une carte pour payer.',
  'The description can be at most {0} characters': 'La description peut comporter au plus {0} caractères',
  'Choose the service this is': 'Choisissez le service dont il s’agit',
  'The price per visit must be between $10 and $5,000': 'Le prix par visite doit être entre 10 $ et 5 000 $',
  'Choose at least one frequency: weekly, every two weeks or monthly':
    'Choisissez au moins une fréquence : chaque semaine, toutes les deux semaines ou chaque mois',
  'This recurring service was not found': 'Ce service récurrent est introuvable',
  'This recurring service is no longer offered': 'Ce service récurrent n’est plus offert',
  'This contractor cannot take new subscriptions right now':
    'Cet entrepreneur ne peut pas prendre de nouveaux abonnements pour le moment',
  'Only the contractor who offers this service can change it':
    'Seul l’entrepreneur qui offre ce service peut le modifier',
  'You cannot subscribe to your own service': 'Vous ne pouvez pas vous abonner à votre propre service',
  'This contractor does not offer that frequency for this service':
    'Cet entrepreneur n’offre pas cette fréquence pour ce service',
  'Choose a first visit date and time': 'Choisissez la date et l’heure de la première visite',
  'The first visit must be in the future': 'La première visite doit être dans le futur',
  'The first visit must be within {0} days': 'La première visite doit avoir lieu d’ici {0} jours',
  'The note can be at most {0} characters': 'La note peut comporter au plus {0} caractères',
  'The reason can be at most {0} characters': 'La raison peut comporter au plus {0} caractères',
  'This subscription was not found': 'Cet abonnement est introuvable',
  'This subscription already exists': 'Cet abonnement existe déjà',
  'Only the customer and the contractor of this subscription can do that':
    'Seuls le client et l’entrepreneur de cet abonnement peuvent faire cela',
  'Only the contractor can do that': 'Seul l’entrepreneur peut faire cela',
  'Only the customer can do that': 'Seul le client peut faire cela',
  'This subscription is not waiting for an answer': 'Cet abonnement n’attend pas de réponse',
  'This subscription is not active': 'Cet abonnement n’est pas actif',
  'This subscription is not paused': 'Cet abonnement n’est pas en pause',
  'This subscription has ended': 'Cet abonnement a pris fin',
  'That visit does not exist': 'Cette visite n’existe pas',
  'That visit has already started': 'Cette visite a déjà commencé',
  'That visit is already skipped': 'Cette visite est déjà sautée',
  'That visit could not be booked, so there is nothing to skip':
    'Cette visite n’a pas pu être réservée, il n’y a donc rien à sauter',
  'Work order not found.': 'Bon de travail introuvable.',
  'Only the customer and the contractor of this job can review it.':
    'Seuls le client et l’entrepreneur de ce travail peuvent l’évaluer.',
  'You can review this job once it is completed.': 'Vous pourrez évaluer ce travail une fois qu’il sera terminé.',
  'You can review this work order once its payment is released to the contractor.':
    'Vous pourrez évaluer ce bon de travail une fois son paiement versé à l’entrepreneur.',
  'The review window for this job has closed (reviews are open for {0} days after the job is completed).':
    'La période d’évaluation de ce travail est terminée (les évaluations sont ouvertes pendant {0} jours après la fin du travail).',
  'You have already reviewed this job.': 'Vous avez déjà évalué ce travail.',
  'Please choose a rating from {0} to {1} stars.': 'Veuillez choisir une note de {0} à {1} étoiles.',
  'The review must be {0} to {1} characters.': 'L’avis doit comporter de {0} à {1} caractères.',
  'The review can only contain plain text (letters, numbers, punctuation, line breaks and tabs).':
    'L’avis ne peut contenir que du texte brut (lettres, chiffres, ponctuation, sauts de ligne et tabulations).',
  'The review window of this job is still open.': 'La période d’évaluation de ce travail est encore ouverte.',
  'Propose from {0} to {1} different times.': 'Proposez de {0} à {1} moments différents.',
  'Please propose times at least 1 hour from now.': 'Veuillez proposer des moments dans au moins 1 heure.',
  'Times can be proposed at most 180 days ahead.': 'Les moments peuvent être proposés au plus 180 jours à l’avance.',
  'This proposal already exists.': 'Cette proposition existe déjà.',
  'Time proposal not found.': 'Proposition de moments introuvable.',
  'Only the contractor hired for this job can accept a time the customer proposed.':
    'Seul l’entrepreneur engagé pour ce travail peut accepter un moment proposé par le client.',
  'Only the customer and the contractor of this job can see the times proposed for it.':
    'Seuls le client et l’entrepreneur de ce travail peuvent voir les moments proposés.',
  'Choose one of the times the customer proposed.': 'Choisissez l’un des moments proposés par le client.',
  'That proposed time is less than 1 hour away. Ask the customer for another time.':
    'Ce moment proposé est dans moins d’une heure. Demandez un autre moment au client.',
  'The time proposal id is not valid': 'L’identifiant de la proposition de moments n’est pas valide',
  'We could not find this place in Canada. Write a city (such as Montréal, QC) or a postal code (A1A 1A1).':
    'Nous n’avons pas trouvé ce lieu au Canada. Écrivez une ville (comme Montréal, QC) ou un code postal (A1A 1A1).',
  'The urgent premium must be from 1x to 3x, in steps of 0.25x':
    'La majoration urgente doit aller de 1x à 3x, par paliers de 0,25x',
  'The normal price must be more than $0 and at most $1,000,000':
    'Le prix normal doit être supérieur à 0 $ et d’au plus 1 000 000 $',
  'Urgent alerts need the Local plan or higher. Upgrade to Local for $19/month.':
    'Les alertes urgentes exigent le forfait Local ou supérieur. Passez au forfait Local pour 19 $/mois.',
  'Accepting urgent alerts needs a paid plan. Upgrade to Local for $19/month.':
    'Accepter des alertes urgentes exige un forfait payant. Passez au forfait Local pour 19 $/mois.',
  'No contractor on a paid plan offers this service near you right now. Post a regular work order instead.':
    'Aucun entrepreneur ayant un forfait payant n’offre ce service près de chez vous en ce moment. Publiez plutôt un bon de travail ordinaire.',
  'This urgent alert was not found': 'Cette alerte urgente est introuvable',
  'This urgent alert was already sent': 'Cette alerte urgente a déjà été envoyée',
  'This urgent alert was not sent to you': 'Cette alerte urgente ne vous a pas été envoyée',
  'Only the customer who sent this urgent alert can cancel it':
    'Seul le client qui a envoyé cette alerte urgente peut l’annuler',
  'Another contractor already accepted this urgent job': 'Un autre entrepreneur a déjà accepté ce travail urgent',
  'This urgent alert has expired': 'Cette alerte urgente a expiré',
  'This urgent alert was cancelled': 'Cette alerte urgente a été annulée',
  'This urgent alert was already accepted: cancel the job from its work order':
    'Cette alerte urgente a déjà été acceptée : annulez le travail à partir de son bon de travail',
  'Only administrators can switch user.': 'Seuls les administrateurs peuvent changer d’utilisateur.',
  'In demo mode you can only switch to one of the demo accounts.':
    'En mode démo, vous pouvez seulement passer à l’un des comptes de démonstration.',
  'Only administrators can switch to an administrator account.':
    'Seuls les administrateurs peuvent passer à un compte d’administrateur.',
  'This proposal already exists': 'Cette proposition existe déjà',
  'Please describe the work in {0} to {1} characters': 'Veuillez décrire le travail en {0} à {1} caractères',
  'Please choose a category': 'Veuillez choisir une catégorie',
  'The service must belong to the chosen category': 'Le service doit appartenir à la catégorie choisie',
  'The budget must be more than $0': 'Le budget doit être supérieur à 0 $',
  'The budget can be at most $1,000,000': 'Le budget peut être d’au plus 1 000 000 $',
  'The minimum budget cannot be more than the maximum': 'Le budget minimum ne peut pas dépasser le maximum',
  'The budget must be a whole number of cents': 'Le budget doit être un nombre entier de cents',
  'Choose at most {0} preferred dates': 'Choisissez au plus {0} dates souhaitées',
  'Preferred dates must be calendar dates (YYYY-MM-DD)':
    'Les dates souhaitées doivent être des dates du calendrier (AAAA-MM-JJ)',
  'Preferred dates cannot be in the past': 'Les dates souhaitées ne peuvent pas être dans le passé',
  'Enter the postal code where the work happens, or mark the work as remote':
    'Entrez le code postal où les travaux ont lieu, ou indiquez que le travail se fait à distance',
  'A work order can have at most {0} photos': 'Un bon de travail peut avoir au plus {0} photos',
  'The same photo is attached twice': 'La même photo est jointe deux fois',
  'Pick the contractor to send this request to': 'Choisissez l’entrepreneur à qui envoyer cette demande',
  'You cannot send a work order to yourself': 'Vous ne pouvez pas vous envoyer un bon de travail',
  'A work order open for bids is not sent to one contractor':
    'Un bon de travail ouvert aux soumissions n’est pas envoyé à un seul entrepreneur',
  'The price must be more than $0 and at most $1,000,000': 'Le prix doit être supérieur à 0 $ et d’au plus 1 000 000 $',
  'The duration must be from {0} to {1} hours, in half hours':
    'La durée doit être de {0} à {1} heures, par demi-heures',
  'The earliest start must be a calendar date (YYYY-MM-DD)':
    'Le début au plus tôt doit être une date du calendrier (AAAA-MM-JJ)',
  'The earliest start cannot be in the past': 'Le début au plus tôt ne peut pas être dans le passé',
  'The message must be {0} to {1} characters': 'Le message doit comporter de {0} à {1} caractères',
  'This work order was not found': 'Ce bon de travail est introuvable',
  'This work order already exists': 'Ce bon de travail existe déjà',
  'Only the customer who posted this work order can edit it':
    'Seul le client qui a publié ce bon de travail peut le modifier',
  'Only the customer who posted this work order can cancel it':
    'Seul le client qui a publié ce bon de travail peut l’annuler',
  'Only the customer who posted this work order can accept a proposal':
    'Seul le client qui a publié ce bon de travail peut accepter une proposition',
  'This work order can no longer be edited: it is awarded, declined or cancelled':
    'Ce bon de travail ne peut plus être modifié : il est attribué, refusé ou annulé',
  'This work order can no longer be cancelled': 'Ce bon de travail ne peut plus être annulé',
  'This work order has a booking: cancel the booking first':
    'Ce bon de travail a une réservation : annulez d’abord la réservation',
  'This work order was cancelled': 'Ce bon de travail a été annulé',
  'Only the contractor this work order was sent to can answer it':
    'Seul l’entrepreneur à qui ce bon de travail a été envoyé peut y répondre',
  'This work order is open for bids, not a direct request':
    'Ce bon de travail est ouvert aux soumissions; ce n’est pas une demande directe',
  'This direct request was already answered': 'Cette demande directe a déjà reçu une réponse',
  'This work order was sent to one contractor and takes no proposals':
    'Ce bon de travail a été envoyé à un seul entrepreneur et n’accepte pas de propositions',
  'This work order is no longer open for proposals': 'Ce bon de travail n’est plus ouvert aux propositions',
  'You cannot submit a proposal on your own work order':
    'Vous ne pouvez pas soumettre de proposition sur votre propre bon de travail',
  'You already have a live proposal on this work order. Withdraw it to submit a new one':
    'Vous avez déjà une proposition active sur ce bon de travail. Retirez-la pour en soumettre une nouvelle',
  'This proposal was not found': 'Cette proposition est introuvable',
  'Only the contractor who submitted this proposal can withdraw it':
    'Seul l’entrepreneur qui a soumis cette proposition peut la retirer',
  'This proposal was accepted and can no longer be withdrawn':
    'Cette proposition a été acceptée et ne peut plus être retirée',
  'This proposal is no longer live: it was withdrawn or declined':
    'Cette proposition n’est plus active : elle a été retirée ou refusée',
  'This work order already has an accepted proposal': 'Ce bon de travail a déjà une proposition acceptée',
  'You must be signed in to do that.': 'Vous devez être connecté pour faire cela.',
  'You do not have permission to do that.': 'Vous n’avez pas la permission de faire cela.',
  'Not found.': 'Introuvable.',
  'Please enter a valid Canadian postal code (A1A 1A1)': 'Veuillez entrer un code postal canadien valide (A1A 1A1)',
  'An Idempotency-Key header is required for this request (1 to 255 visible characters, e.g. a UUID).':
    'Un en-tête Idempotency-Key est requis pour cette requête (de 1 à 255 caractères visibles, par exemple un UUID).',
  'The Idempotency-Key header must be 1 to 255 visible characters (e.g. a UUID).':
    'L’en-tête Idempotency-Key doit comporter de 1 à 255 caractères visibles (par exemple un UUID).',
  'This Idempotency-Key was already used for a different request.':
    'Cette demande a déjà été envoyée avec un autre contenu. Rechargez la page et réessayez.',
  'A request with this Idempotency-Key is still being processed. Retry in a moment.':
    'Votre demande précédente est encore en traitement. Réessayez dans un instant.',
  'Your card was declined.': 'Votre carte a été refusée.',
  'Your card has insufficient funds.': 'Les fonds de votre carte sont insuffisants.',
  'Your card number is incorrect.': 'Le numéro de votre carte est incorrect.',
  'Your card has expired.': 'Votre carte est expirée.',
  'The card on file is no longer valid. Please add a card again.':
    'La carte au dossier n’est plus valide. Veuillez ajouter une carte de nouveau.',
  'Evidence files must be photos (JPEG, PNG or WebP), videos (MP4, MOV or WebM) or PDF documents.':
    'Les fichiers de preuve doivent être des photos (JPEG, PNG ou WebP), des vidéos (MP4, MOV ou WebM) ou des documents PDF.',
  'Credential documents must be PDF documents or photos (JPEG, PNG or WebP).':
    'Les documents d’attestation doivent être des documents PDF ou des photos (JPEG, PNG ou WebP).',
  'Photos must be JPEG, PNG or WebP images': 'Les photos doivent être des images JPEG, PNG ou WebP',
  'Photos can be at most {mb} MB.': 'Les photos peuvent faire au plus {mb} Mo.',
  'Videos can be at most {mb} MB.': 'Les vidéos peuvent faire au plus {mb} Mo.',
  'PDF documents can be at most {mb} MB.': 'Les documents PDF peuvent faire au plus {mb} Mo.',
  'This photo could not be read: it must be a complete JPEG, PNG or WebP image.':
    'Cette photo n’a pas pu être lue : elle doit être une image JPEG, PNG ou WebP complète.',
  'This video could not be read: it must be an MP4, MOV or WebM file with a video track.':
    'Cette vidéo n’a pas pu être lue : elle doit être un fichier MP4, MOV ou WebM avec une piste vidéo.',
  'This PDF could not be read: it must be a complete PDF document.':
    'Ce PDF n’a pas pu être lu : il doit être un document PDF complet.',
  'The upload was cut short before the end of the file. Please send it again.':
    'Le téléversement a été interrompu avant la fin du fichier. Veuillez l’envoyer de nouveau.',
};

/**
 * Pieces that composed texts put into a template's `{n}` (the plan gates' wordings, in
 * shared/domain/plans/entitlements.ts): translated when they fill a pattern, never sent alone.
 */
export const ERROR_FRAGMENTS_FR: Record<string, string> = {
  '{0} direct-hire connections a month': '{0} mises en relation directes par mois',
  'no direct-hire connections': 'aucune mise en relation directe',
  'unlimited direct-hire connections': 'un nombre illimité de mises en relation directes',
  '{0} photo uploads per work order': '{0} téléversements de photos par bon de travail',
  'no photo uploads': 'aucun téléversement de photos',
  'unlimited photo uploads': 'un nombre illimité de téléversements de photos',
  '{0} bid projects a month': '{0} projets de soumission par mois',
  'no bid projects': 'aucun projet de soumission',
  'unlimited bid projects': 'un nombre illimité de projets de soumission',
  '{0} gallery billboards': '{0} panneaux de galerie',
  'no gallery billboards': 'aucun panneau de galerie',
  'unlimited gallery billboards': 'un nombre illimité de panneaux de galerie',
  ' Upgrade to {0} for {1}.': ' Passez au forfait {0} pour obtenir {1}.',
  ' The {0} plan (coming soon) offers {1}.': ' Le forfait {0} (bientôt offert) donne {1}.',
  it: 'cette fonction',
  '1 second': '1 seconde',
  '{0} seconds': '{0} secondes',
  '{0} minutes': '{0} minutes',
  'Remote work': 'Le travail à distance',
  Bidding: 'Les soumissions',
  'Subscription services': 'Les services par abonnement',
  'Priority placement': 'Le placement prioritaire',
  'The featured badge': 'Le badge en vedette',
  'Verified badges': 'Les badges vérifiés',
};
