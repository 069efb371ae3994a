/** Where each party reads about a work order (notification action URLs and links between pages). */
export const workOrderPaths = {
  order: (workOrderId: string) => `/projects/${workOrderId}`,
  proposals: (workOrderId: string) => `/projects/${workOrderId}/proposals`,
  myProposals: '/open-bids#my-proposals',
  /** The booking helper's page for scheduling an awarded job (jobType `work-order`). */
  schedule: (contractorId: string, workOrderId: string) => `/schedule/${contractorId}/work-order/${workOrderId}`,
};
