// `npm run bench`: performance budgets arrive with the issues that set them (DESIGN §9).
console.log('no benchmarks yet');
