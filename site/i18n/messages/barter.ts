import { defineMessages } from '../index.ts';

/** The barter information dialog (docs/product.md#barter). Link labels are fixed wording. */
export const barterMessages = defineMessages({
  en: {
    title: 'Barter Trades',
    description: 'Trade your skills for someone else’s: skill-for-skill exchanges, no money involved.',
    whatTitle: 'What is barter?',
    whatText:
      'Barter is a skill-for-skill trade. Instead of paying, you exchange your service and your hours for someone else’s: a few hours of plumbing for a few hours of bookkeeping, a logo for a lawn season.',
    howTitle: 'How it works',
    step1Title: 'Browse',
    step1Text: 'Find services whose providers accept barter.',
    step2Title: 'Propose a trade',
    step2Text: 'Offer your service and hours in exchange for theirs.',
    step3Title: 'Get an answer',
    step3Text: 'The other side accepts, declines or makes a counter-offer.',
    step4Title: 'Complete the exchange',
    step4Text: 'Once both services are delivered, you both mark the exchange as complete.',
    step5Title: 'Review',
    step5Text: 'Both of you can leave a review, just as for a paid job.',
    contractorsText: 'Contractors choose which of their services accept barter, from the contractor dashboard.',
    taxTitle: 'Taxes',
    taxText:
      'A barter trade has a fair market value. In Canada, the value of what you receive in a trade may be taxable income, just as if you had been paid in money, and GST/HST may apply if you are registered. Keep a record of each trade and its value, and ask an accountant how this applies to you.',
    browse: 'Browse Barter Services',
    enable: 'Enable Barter on My Services',
  },
  fr: {
    title: 'Troc de services',
    description: 'Échangez vos compétences contre celles d’une autre personne, sans argent.',
    whatTitle: 'Qu’est-ce que le troc?',
    whatText:
      'Le troc est un échange de compétences. Au lieu de payer, vous échangez votre service et vos heures contre ceux d’une autre personne : quelques heures de plomberie contre quelques heures de tenue de livres, un logo contre une saison de tonte de pelouse.',
    howTitle: 'Comment ça fonctionne',
    step1Title: 'Parcourir',
    step1Text: 'Trouvez des services dont les fournisseurs acceptent le troc.',
    step2Title: 'Proposer un échange',
    step2Text: 'Offrez votre service et vos heures en échange des leurs.',
    step3Title: 'Obtenir une réponse',
    step3Text: 'L’autre partie accepte, refuse ou fait une contre-offre.',
    step4Title: 'Conclure l’échange',
    step4Text: 'Une fois les deux services rendus, vous marquez tous deux l’échange comme terminé.',
    step5Title: 'Évaluer',
    step5Text: 'Vous pouvez tous deux laisser une évaluation, comme pour un travail payé.',
    contractorsText:
      'Les entrepreneurs choisissent lesquels de leurs services acceptent le troc, depuis le tableau de bord de l’entrepreneur.',
    taxTitle: 'Impôts',
    taxText:
      'Un échange de troc a une juste valeur marchande. Au Canada, la valeur de ce que vous recevez dans un échange peut constituer un revenu imposable, comme si vous aviez été payé en argent, et la TPS/TVH peut s’appliquer si vous êtes inscrit. Gardez une trace de chaque échange et de sa valeur, et demandez à un comptable comment cela s’applique à vous.',
    browse: 'Parcourir les services de troc',
    enable: 'Activer le troc sur mes services',
  },
});
