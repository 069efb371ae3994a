/** The directory API's answers: the shapes of shared/http/catalogue.ts. */
export type {
  BrowseAnswer,
  ContractorProfileView,
  DirectoryContractor,
  DirectoryOffering,
  GeoPlaceView,
  PlaceSuggestion,
} from '../../../shared/http/catalogue.ts';
