import type { Gender } from '../../../domain/enums.ts';
import type { Random } from './random.ts';

export const NAME_REGIONS = [
  'HINDI_NORTH',
  'HINDI_CENTRAL',
  'HINDI_EAST',
  'PUNJABI',
  'MARATHI',
  'GUJARATI',
  'KONKANI',
  'KANNADA',
  'TAMIL',
  'TELUGU',
  'MALAYALAM',
  'BENGALI',
  'ODIA',
  'ASSAMESE',
  'MEITEI',
  'KHASI',
  'MIZO',
  'NAGA',
  'SIKKIMESE',
  'ARUNACHAL',
  'TRIPURI',
] as const;
export type NameRegion = (typeof NAME_REGIONS)[number];

type Names = { male: readonly string[]; female: readonly string[]; last: readonly string[] };

/** Common given names and surnames of each region (Meitei women take Devi, many Mizo go by one name). */
const NAMES: Record<NameRegion, Names> = {
  HINDI_NORTH: {
    male: [
      'Rahul',
      'Amit',
      'Rohit',
      'Vikas',
      'Sanjay',
      'Ankit',
      'Gaurav',
      'Deepak',
      'Manish',
      'Alok',
      'Varun',
      'Aakash',
    ],
    female: ['Priya', 'Neha', 'Pooja', 'Anjali', 'Shweta', 'Ritu', 'Nisha', 'Kavita', 'Sakshi', 'Aditi', 'Shalini'],
    last: [
      'Sharma',
      'Verma',
      'Gupta',
      'Agarwal',
      'Mishra',
      'Tiwari',
      'Srivastava',
      'Saxena',
      'Chauhan',
      'Yadav',
      'Rastogi',
    ],
  },
  HINDI_CENTRAL: {
    male: ['Anurag', 'Shailendra', 'Pankaj', 'Ravi', 'Mukesh', 'Ashish', 'Nitin', 'Abhishek', 'Sourabh', 'Yogesh'],
    female: ['Rashmi', 'Archana', 'Megha', 'Preeti', 'Sonal', 'Jyoti', 'Swati', 'Rekha', 'Divya', 'Garima'],
    last: ['Dubey', 'Shukla', 'Chouhan', 'Tomar', 'Jain', 'Patidar', 'Sahu', 'Pandey', 'Thakur', 'Soni', 'Rathore'],
  },
  HINDI_EAST: {
    male: ['Abhinav', 'Kundan', 'Rajeev', 'Santosh', 'Manoj', 'Niraj', 'Prashant', 'Ranjit', 'Birsa', 'Sudhir'],
    female: ['Sunita', 'Puja', 'Khushboo', 'Nidhi', 'Rani', 'Anamika', 'Priyanka', 'Sarita', 'Suman', 'Mamta'],
    last: ['Kumar', 'Prasad', 'Sinha', 'Jha', 'Singh', 'Choudhary', 'Mahto', 'Oraon', 'Munda', 'Thakur', 'Pathak'],
  },
  PUNJABI: {
    male: ['Gurpreet', 'Harpreet', 'Jaspreet', 'Manpreet', 'Harjeet', 'Amandeep', 'Navjot', 'Karan', 'Sukhwinder'],
    female: ['Simran', 'Harleen', 'Navneet', 'Gurleen', 'Jasleen', 'Parminder', 'Rupinder', 'Kiranjit', 'Manjot'],
    last: ['Gill', 'Sandhu', 'Dhillon', 'Grewal', 'Sidhu', 'Bajwa', 'Kaur', 'Brar', 'Arora', 'Bedi', 'Ahluwalia'],
  },
  MARATHI: {
    male: ['Omkar', 'Siddharth', 'Aditya', 'Tushar', 'Sachin', 'Mandar', 'Prasad', 'Ajinkya', 'Nikhil', 'Shreyas'],
    female: ['Sneha', 'Shruti', 'Madhuri', 'Ashwini', 'Manasi', 'Rutuja', 'Gauri', 'Sayali', 'Pallavi', 'Vaishali'],
    last: [
      'Patil',
      'Deshpande',
      'Kulkarni',
      'Joshi',
      'Deshmukh',
      'Gokhale',
      'Jadhav',
      'Shinde',
      'Pawar',
      'Apte',
      'Bhosale',
    ],
  },
  GUJARATI: {
    male: ['Hardik', 'Jignesh', 'Krunal', 'Chirag', 'Parth', 'Mehul', 'Bhavesh', 'Dhaval', 'Nirav', 'Ketan'],
    female: ['Hetal', 'Khushbu', 'Nidhi', 'Foram', 'Krupa', 'Bhavna', 'Dhara', 'Komal', 'Urvi', 'Jinal'],
    last: ['Patel', 'Shah', 'Mehta', 'Desai', 'Parikh', 'Trivedi', 'Joshi', 'Modi', 'Vyas', 'Bhatt', 'Panchal'],
  },
  KONKANI: {
    male: ['Rohan', 'Savio', 'Gautam', 'Prashant', 'Anthony', 'Vishal', 'Shubham', 'Joaquim'],
    female: ['Sonia', 'Pratiksha', 'Melissa', 'Sanjana', 'Tanvi', 'Rochelle', 'Shraddha', 'Sheetal'],
    last: ['Naik', 'Kamat', 'Prabhu', 'Dessai', 'Fernandes', "D'Souza", 'Gaonkar', 'Sawant', 'Rodrigues', 'Shet'],
  },
  KANNADA: {
    male: ['Praveen', 'Manjunath', 'Kiran', 'Raghavendra', 'Santosh', 'Vinay', 'Chetan', 'Darshan', 'Harsha'],
    female: ['Kavya', 'Shwetha', 'Sahana', 'Bhavya', 'Deepa', 'Pavithra', 'Ananya', 'Rakshitha', 'Sowmya'],
    last: ['Gowda', 'Shetty', 'Hegde', 'Rao', 'Murthy', 'Kamath', 'Bhat', 'Nayak', 'Acharya', 'Kulkarni', 'Reddy'],
  },
  TAMIL: {
    male: ['Karthik', 'Arun', 'Senthil', 'Vignesh', 'Prakash', 'Saravanan', 'Dinesh', 'Balaji', 'Murugan', 'Gokul'],
    female: ['Lakshmi', 'Meenakshi', 'Divya', 'Priyanka', 'Gayathri', 'Kavitha', 'Revathi', 'Janani', 'Nithya'],
    last: [
      'Iyer',
      'Iyengar',
      'Krishnan',
      'Subramanian',
      'Natarajan',
      'Raman',
      'Pillai',
      'Sundaram',
      'Rajan',
      'Murugesan',
    ],
  },
  TELUGU: {
    male: ['Srinivas', 'Venkatesh', 'Ramesh', 'Suresh', 'Chaitanya', 'Naveen', 'Harish', 'Sai Kiran', 'Mahesh'],
    female: ['Lavanya', 'Sravani', 'Swathi', 'Haritha', 'Sirisha', 'Bhargavi', 'Deepika', 'Mounika', 'Sindhu'],
    last: ['Reddy', 'Rao', 'Naidu', 'Chowdary', 'Varma', 'Raju', 'Goud', 'Sastry', 'Yadav', 'Prasad', 'Murthy'],
  },
  MALAYALAM: {
    male: ['Anoop', 'Arjun', 'Jithin', 'Sreejith', 'Vishnu', 'Rajesh', 'Thomas', 'Jose', 'Faisal', 'Nikhil'],
    female: ['Anjana', 'Aswathy', 'Reshma', 'Sruthi', 'Athira', 'Neethu', 'Mariya', 'Parvathy', 'Remya'],
    last: ['Nair', 'Menon', 'Pillai', 'Kurian', 'Varghese', 'Thomas', 'Kutty', 'Panicker', 'Namboothiri', 'George'],
  },
  BENGALI: {
    male: ['Sourav', 'Arnab', 'Debashish', 'Subhajit', 'Arindam', 'Anirban', 'Sayan', 'Rajdeep', 'Partha'],
    female: ['Moumita', 'Rituparna', 'Sayani', 'Ananya', 'Sudeshna', 'Paromita', 'Tanushree', 'Ishita', 'Debolina'],
    last: ['Banerjee', 'Chatterjee', 'Mukherjee', 'Das', 'Bose', 'Ghosh', 'Sen', 'Roy', 'Dutta', 'Chakraborty', 'Saha'],
  },
  ODIA: {
    male: ['Sambit', 'Debasis', 'Prasanna', 'Biswajit', 'Manas', 'Subhendu', 'Chinmay', 'Tapas'],
    female: ['Sasmita', 'Lipika', 'Pragyan', 'Sonali', 'Itishree', 'Smruti', 'Madhusmita', 'Subhashree'],
    last: ['Mohanty', 'Panda', 'Patnaik', 'Sahoo', 'Mishra', 'Nayak', 'Behera', 'Swain', 'Rath', 'Dash'],
  },
  ASSAMESE: {
    male: ['Bhaskar', 'Dhruba', 'Pranjal', 'Hiranya', 'Manab', 'Bikash', 'Jyotirmoy', 'Nayan'],
    female: ['Pallabi', 'Nilakshi', 'Bornali', 'Jonali', 'Gitanjali', 'Monalisa', 'Rupjyoti', 'Deepshikha'],
    last: ['Bora', 'Baruah', 'Gogoi', 'Kalita', 'Saikia', 'Hazarika', 'Deka', 'Phukan', 'Bordoloi', 'Sarma'],
  },
  MEITEI: {
    male: ['Thoiba', 'Bijoy', 'Rajkumar', 'Somorjit', 'Premjit', 'Ibomcha', 'Sanajaoba', 'Tomba'],
    female: ['Sanatombi', 'Bembem', 'Thoibi', 'Memcha', 'Linthoi', 'Sunibala', 'Ningol', 'Roshni'],
    last: ['Singh', 'Meitei', 'Sharma', 'Laishram', 'Ningthoujam', 'Khumancha', 'Thokchom', 'Oinam'],
  },
  KHASI: {
    male: ['Bantei', 'Iohborlang', 'Wanshan', 'Donbok', 'Kyrshan', 'Banshan', 'Teibor', 'Pynshngain'],
    female: ['Ibapynshai', 'Daphisha', 'Wanlambok', 'Ridalin', 'Badaplin', 'Iaineh', 'Kyntiew', 'Dameka'],
    last: ['Lyngdoh', 'Syiem', 'Kharkongor', 'Marbaniang', 'Nongrum', 'Sangma', 'Marak', 'Kharbuli', 'Warjri'],
  },
  MIZO: {
    male: ['Lalthanzuala', 'Lalremruata', 'Vanlalhruaia', 'Zothanmawia', 'Lalrinfela', 'Ramdinliana'],
    female: ['Lalrinpuii', 'Zothanpuii', 'Lalhmingmawii', 'Vanlalruati', 'Malsawmtluangi', 'Lalnunziri'],
    last: ['Ralte', 'Chhangte', 'Hmar', 'Sailo', 'Khiangte', 'Pachuau', 'Renthlei', 'Fanai', 'Colney'],
  },
  NAGA: {
    male: ['Neiphiu', 'Temjen', 'Imkong', 'Vikhozo', 'Kevi', 'Akum', 'Sentimong', 'Visto'],
    female: ['Akala', 'Bendangla', 'Vitsino', 'Imtila', 'Sentila', 'Kevileno', 'Hekani', 'Temsula'],
    last: ['Ao', 'Angami', 'Longkumer', 'Jamir', 'Sema', 'Rengma', 'Kikon', 'Chang', 'Yaden', 'Rio'],
  },
  SIKKIMESE: {
    male: ['Pema', 'Karma', 'Sonam', 'Tshering', 'Bikram', 'Suraj', 'Dawa', 'Anish'],
    female: ['Diki', 'Pema', 'Chimi', 'Yangchen', 'Sunita', 'Roshni', 'Doma', 'Pratima'],
    last: ['Bhutia', 'Lepcha', 'Rai', 'Gurung', 'Tamang', 'Pradhan', 'Chettri', 'Subba', 'Sherpa', 'Limboo'],
  },
  ARUNACHAL: {
    male: ['Tage', 'Nabam', 'Tana', 'Kento', 'Oken', 'Tagam', 'Bamang', 'Likha'],
    female: ['Yamang', 'Nyari', 'Yater', 'Jarjum', 'Omem', 'Mepung', 'Yai', 'Rinyo'],
    last: ['Tayeng', 'Pertin', 'Mibang', 'Taba', 'Tana', 'Ering', 'Riba', 'Doji', 'Bagra', 'Tamut'],
  },
  TRIPURI: {
    male: ['Bikram', 'Joydeep', 'Sudip', 'Ratan', 'Pradyot', 'Animesh', 'Biplab', 'Sujit'],
    female: ['Rima', 'Sumita', 'Mampi', 'Pinki', 'Suchitra', 'Tanima', 'Bithika', 'Sangita'],
    last: ['Debbarma', 'Jamatia', 'Reang', 'Saha', 'Deb', 'Chakma', 'Tripura', 'Datta', 'Bhowmik', 'Majumder'],
  },
};

/** Names found across India, mixed into every city (Muslim families live everywhere). */
const ACROSS_INDIA: Names = {
  male: ['Mohammed', 'Imran', 'Faisal', 'Sameer', 'Arif', 'Javed', 'Irfan', 'Salman', 'Aamir'],
  female: ['Ayesha', 'Fatima', 'Zoya', 'Sana', 'Nazia', 'Rukhsar', 'Farheen', 'Shabnam', 'Heena'],
  last: ['Khan', 'Qureshi', 'Ansari', 'Siddiqui', 'Shaikh', 'Sayyed', 'Hussain', 'Pathan', 'Mirza'],
};

export type Person = { firstName: string; lastName: string; gender: Gender };

/** A person from the region mostly, sometimes from elsewhere in India (people move). */
export function personFrom(random: Random, region: NameRegion, gender?: Gender): Person {
  const roll = random.next();
  const names = roll < 0.72 ? NAMES[region] : roll < 0.88 ? NAMES[random.pick(NAME_REGIONS)] : ACROSS_INDIA;
  const chosen: Gender = gender ?? (random.chance(0.5) ? 'MALE' : 'FEMALE');
  const given = chosen === 'FEMALE' ? names.female : names.male;
  let lastName = random.pick(names.last);
  // Meitei women take Devi where men take Singh; Sikh women often go by Kaur.
  if (chosen === 'FEMALE' && lastName === 'Singh') lastName = names === NAMES.MEITEI ? 'Devi' : 'Kaur';
  if (chosen === 'MALE' && lastName === 'Kaur') lastName = 'Singh';
  return { firstName: random.pick(given), lastName, gender: chosen };
}

export const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;

/** Lower-case words joined by dashes, for slugs and mail boxes. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-');
}
